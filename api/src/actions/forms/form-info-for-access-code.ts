import { systemCaller } from '../../auth/caller';
import { form_responses } from '@carelane/db';
import { defineAction } from '../action';
import { AccessCodeInput } from './form-inputs';
import { formWithFields, responseForAccessCode, serializeFormInfo } from './form-access';

/** GET /form-info-for-access-code: the form, its questions in answering order, and the response; the first look stamps openedAt. */
export const formInfoForAccessCode = defineAction({
  method: 'get',
  path: '/form-info-for-access-code',
  auth: 'any',
  formSession: true,
  input: AccessCodeInput,
  handler: async ({ services, caller }, input) => {
    const response = await responseForAccessCode(services, caller, input.accessCode);
    const { form, fields } = await formWithFields(services, caller.businessId, response.formId as string);
    if (!response.openedAt) {
      response.openedAt = new Date();
      // Bookkeeping (no change event), as before.
      await services.engine.touch(form_responses, systemCaller(caller.businessId), String(response._id), { openedAt: response.openedAt });
    }
    return serializeFormInfo(form, fields, response);
  },
});
