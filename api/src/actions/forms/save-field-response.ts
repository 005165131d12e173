import { systemCaller } from '../../auth/caller';
import { form_responses, formResponses, FieldError, serialize } from '@carelane/db';
import { badRequest, fieldError } from '../../errors';
import { defineAction } from '../action';
import { SaveFieldResponseInput } from './form-inputs';
import { checkAnswers } from './answer-rules';
import { formWithFields, responseForAccessCode } from './form-access';
import { ALREADY_SUBMITTED } from './submit-form-response';

/**
 * PATCH /save-field-response: a draft. The answers given (`response` or `responses`) are checked
 * like a submission's, merged by question into what was saved before, and stamped draftSavedAt;
 * unanswered questions are fine until the form is submitted.
 */
export const saveFieldResponse = defineAction({
  method: 'patch',
  path: '/save-field-response',
  auth: 'any',
  formSession: true,
  input: SaveFieldResponseInput,
  handler: async ({ services, caller }, input) => {
    const stored = await responseForAccessCode(services, caller, input.accessCode);
    if (stored.submittedAt) throw badRequest(ALREADY_SUBMITTED);
    const given = input.responses ?? (input.response === undefined ? undefined : [input.response]);
    if (given === undefined) throw badRequest('Value not provided for required field: responses');
    let parsed: Parameters<typeof checkAnswers>[1];
    try {
      parsed = formResponses(given) as typeof parsed;
    } catch (error) {
      throw error instanceof FieldError ? fieldError('responses', error) : error;
    }
    const { fields } = await formWithFields(services, caller.businessId, stored.formId as string);
    const answers = checkAnswers(fields as never, parsed, { partial: true });
    const merged = new Map(((stored.responses as { fieldId: string }[] | null) ?? []).map((response) => [response.fieldId, response]));
    for (const answer of answers) merged.set(answer.fieldId, answer);
    const draftSavedAt = new Date();
    const changes = { responses: [...merged.values()], draftSavedAt, updatedAt: draftSavedAt };
    // A draft is not a submission: written without a change event, as before.
    await services.engine.touch(form_responses, systemCaller(caller.businessId), String(stored._id), { responses: changes.responses, draftSavedAt });
    return { formResponse: serialize(form_responses, { ...stored, ...changes }) };
  },
});
