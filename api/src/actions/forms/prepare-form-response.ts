import { IsBoolean, IsIn, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { endusers, form_responses } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { formFillingPath, formWithFields, newAccessCode } from './form-access';

class PrepareFormResponseInput {
  @IsMongoId({ message: 'Invalid id' })
  formId!: string;

  @IsMongoId({ message: 'Invalid id' })
  enduserId!: string;

  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  automationStepId?: string;

  @IsOptional()
  expireAt?: string | number;

  @IsOptional()
  @IsIn(['Email', 'SMS', 'Chat'], { message: 'Value must match one of Email, SMS, Chat' })
  sharedVia?: 'Email' | 'SMS' | 'Chat';

  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  isInternalNote?: boolean;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  @MaxLength(1000, { message: 'String must not exceed 1000 characters' })
  title?: string;
}

/** POST /prepare-form-response: an outstanding response with an access code the enduser fills it with. */
export const prepareFormResponse = defineAction({
  method: 'post',
  path: '/prepare-form-response',
  auth: 'any',
  input: PrepareFormResponseInput,
  handler: async ({ services, caller }, input) => {
    if (caller.type === 'enduser' && input.enduserId !== caller.id) throw badRequest('enduserId does not match creator id for enduser session');
    const enduser = await services.engine.getOne(endusers, caller, input.enduserId);
    const { form } = await formWithFields(services, caller.businessId, input.formId);
    let submissionExpiresAt: number | undefined;
    if (input.expireAt !== undefined) {
      submissionExpiresAt = new Date(input.expireAt).getTime();
      if (Number.isNaN(submissionExpiresAt)) throw badRequest('Error parsing field expireAt: Invalid date');
    }
    const accessCode = newAccessCode();
    const response = await services.engine.createOne(
      form_responses,
      caller,
      {
        formId: input.formId,
        enduserId: input.enduserId,
        formTitle: input.title ?? form.title,
        sharedVia: input.sharedVia,
        isInternalNote: input.isInternalNote,
        automationStepId: input.automationStepId,
        submissionExpiresAt,
      },
      { accessCode },
      // Endusers never create responses through the generic call, but prepare their own here (docs/contract/access.md#enduser-access).
      { grantedByCall: caller.type === 'enduser' },
    );
    const url = `${services.config.portalUrl}${formFillingPath(accessCode)}`;
    // What to send with the link, in the patient's language around the clinic's own title (issue #38):
    // the staff app sends this as it is, as a journey's sendForm step writes it.
    const texts = await patientTextsWithin(services.dataSource.manager, enduser);
    const title = String(response.formTitle ?? form.title);
    const name = typeof enduser.fname === 'string' && enduser.fname.trim() ? enduser.fname.trim() : undefined;
    const invitation = name ? texts.t('formRequest.greeted', { name, title, url }) : texts.t('formRequest.plain', { title, url });
    return { accessCode, url, fullURL: url, response, invitation };
  },
});
