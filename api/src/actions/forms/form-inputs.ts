import { CheckedByHandler, S } from '../input';

/** One answer as the reference client sends it (its FormResponseValue); the form's questions decide the rest. */
const ANSWER = {
  type: 'object',
  required: ['fieldId', 'answer'],
  properties: {
    fieldId: S.id,
    fieldTitle: { type: 'string' },
    answer: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, value: {} } },
  },
};

/**
 * The access code of a form response: checked first, against the response it names, by
 * responseForAccessCode (the code decides which form's rules the answers follow).
 */
export class AccessCodeInput {
  @CheckedByHandler({ type: 'string' }, { required: true })
  accessCode!: unknown;
}

/** PATCH /submit-form-response: the answers are checked against the form's questions after the code. */
export class SubmitFormResponseInput extends AccessCodeInput {
  @CheckedByHandler(S.listOf(ANSWER), { required: true })
  responses!: unknown;

  @CheckedByHandler(S.id)
  automationStepId?: unknown;
}

/** PATCH /save-field-response: one answer (response) or several (responses). */
export class SaveFieldResponseInput extends AccessCodeInput {
  @CheckedByHandler(S.listOf(ANSWER))
  responses?: unknown;

  @CheckedByHandler(ANSWER)
  response?: unknown;
}
