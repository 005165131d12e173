import { systemCaller } from '../../auth/caller';
import { form_responses, formResponses, validators, FieldError, serialize } from '@carelane/db';
import { badRequest, fieldError } from '../../errors';
import { defineAction } from '../action';
import { SubmitFormResponseInput } from './form-inputs';
import { checkAnswers } from './answer-rules';
import { formWithFields, responseForAccessCode } from './form-access';
import { copyIntakeAnswers } from './intake-fields';

export const ALREADY_SUBMITTED = 'This form response has already been submitted';

/**
 * PATCH /submit-form-response: validates every answer against its question and stores them once.
 * The submission is one conditional update, so two submits of the same access code racing each
 * other still store one; it then announces the change automations listen to (recorded in the outbox in the same transaction).
 */
export const submitFormResponse = defineAction({
  method: 'patch',
  path: '/submit-form-response',
  auth: 'any',
  formSession: true,
  input: SubmitFormResponseInput,
  handler: async ({ services, caller }, input) => {
    const response = await responseForAccessCode(services, caller, input.accessCode);
    if (response.submittedAt) throw badRequest(ALREADY_SUBMITTED);
    if (input.responses === undefined) throw badRequest('Value not provided for required field: responses');
    let parsed: Parameters<typeof checkAnswers>[1];
    try {
      parsed = formResponses(input.responses) as typeof parsed;
    } catch (error) {
      throw error instanceof FieldError ? fieldError('responses', error) : error;
    }
    if (input.automationStepId !== undefined) validators.id(input.automationStepId);
    const { fields: questions } = await formWithFields(services, caller.businessId, response.formId as string);
    const responses = checkAnswers(questions as never, parsed);
    const submittedAt = new Date();
    const changes = { responses, submittedAt, submittedBy: caller.id, updatedAt: submittedAt, ...(input.automationStepId ? { automationStepId: input.automationStepId } : {}) };
    const record = { ...response, ...changes };
    // The submission and its outbox row commit together, so automations hear of every submission.
    await services.engine.transaction(async (tx) => {
      // Compare-and-set on submittedAt, so a response is submitted once however many tabs submit it.
      const { updatedAt: _updatedAt, ...fields } = changes;
      const written = await services.engine.touchWithin(tx.manager, form_responses, systemCaller(caller.businessId), String(response._id), fields, { sql: 'record."submittedAt" IS NULL', params: {} });
      if (!written) throw badRequest(ALREADY_SUBMITTED);
      await tx.recordChange({ kind: 'updated', resource: 'form_responses', businessId: caller.businessId, record, changes, previous: response });
      await copyIntakeAnswers(tx, caller.businessId, response.enduserId, questions as Record<string, unknown>[], responses as never);
    });
    return { formResponse: serialize(form_responses, record) };
  },
});
