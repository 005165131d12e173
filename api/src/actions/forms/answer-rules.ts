import { questionsOnPath, type FlowField } from '@carelane/automation';
import { badRequest } from '../../errors';

/**
 * Rules an answer must meet for its question, beyond the answer's own shape (checked by the
 * form_responses definition): the answer's type is the question's, required questions are answered,
 * choices come from the listed options, ratings lie in range. Messages follow
 * docs/contract/validation.md#form-answers.
 */
type Field = { _id: string; title?: string; type?: string; isOptional?: boolean; options?: Record<string, unknown> | null; previousFields?: unknown };
type Response = { fieldId: string; fieldTitle?: string; answer: { type: string; value?: unknown } };

const NOT_ANSWERED_TYPES = new Set(['description', 'Question Group']);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value as object).length === 0);

const fail = (field: Field, message: string) => badRequest(`Error parsing field responses: ${message}`, { fieldId: field._id, fieldTitle: field.title });

const checkValue = (field: Field, value: unknown) => {
  const options = field.options ?? {};
  switch (field.type) {
    case 'multiple_choice': {
      const choices = (options.choices as string[] | undefined) ?? [];
      const picked = value as string[];
      if (options.radio && picked.length > 1) throw fail(field, `Only one choice may be selected for ${field.title}`);
      if (!options.other && choices.length && picked.some((choice) => !choices.includes(choice))) {
        throw fail(field, `Value must match one of ${choices.join(', ')}`);
      }
      return;
    }
    case 'ranking': {
      const choices = (options.choices as string[] | undefined) ?? [];
      const ranked = value as string[];
      if (choices.length && (ranked.length !== choices.length || ranked.some((choice) => !choices.includes(choice)))) {
        throw fail(field, `A ranking must order each of ${choices.join(', ')}`);
      }
      return;
    }
    case 'rating': {
      const from = typeof options.from === 'number' ? options.from : undefined;
      const to = typeof options.to === 'number' ? options.to : undefined;
      const rating = value as number;
      if ((from !== undefined && rating < from) || (to !== undefined && rating > to)) {
        throw fail(field, `Please enter a number between ${from ?? '-∞'} and ${to ?? '∞'}`);
      }
      return;
    }
    case 'signature': {
      const signature = value as { signed?: boolean; fullName?: string };
      if (!signature.signed) throw fail(field, 'Please accept the terms of this signature');
      if (!signature.fullName?.trim()) throw fail(field, 'Please enter your full name');
      return;
    }
    case 'Address': {
      const address = value as Record<string, string | undefined>;
      const missing = [
        ['addressLineOne', 'Address Line 1 is required'],
        ['city', 'City is required'],
        ['state', 'State is required'],
        ['zipCode', 'ZIP code is required'],
      ].find(([key]) => !address[key]?.trim());
      if (missing) throw fail(field, missing[1]);
      if (!/^\d{5}(-\d{4})?$/.test(address.zipCode!.trim())) throw fail(field, 'Enter a valid ZIP code');
      return;
    }
    case 'Table Input': {
      const columns = ((options.tableChoices as { label: string }[] | undefined) ?? []).map((choice) => choice.label);
      (value as { label: string; entry?: string }[][]).forEach((row, index) => {
        for (const label of columns) {
          if (!row.find((cell) => cell.label === label)?.entry?.trim()) throw fail(field, `Enter a value for ${label} in row ${index + 1}`);
        }
      });
      return;
    }
  }
};

const onPath = (fields: Field[], answered: Map<string, Response>) => {
  const flow = fields.map((field) => ({ ...field, id: field._id }) as FlowField & Field);
  return questionsOnPath(flow, new Map([...answered].map(([id, response]) => [id, response.answer])));
};

/** Validates answers against the form's questions; returns them with titles filled in. */
export const checkAnswers = (fields: Field[], responses: Response[], { partial = false } = {}) => {
  const byId = new Map(fields.map((field) => [field._id, field]));
  const answered = new Map<string, Response>();
  for (const response of responses) {
    const field = byId.get(response.fieldId);
    if (!field) throw badRequest(`Error parsing field responses: Unknown question ${response.fieldId}`);
    if (field.type && response.answer.type !== field.type) {
      throw fail(field, `Expected an answer of type ${field.type} for ${field.title} but got ${response.answer.type}`);
    }
    if (!isEmpty(response.answer.value)) checkValue(field, response.answer.value);
    answered.set(response.fieldId, { ...response, fieldTitle: field.title ?? response.fieldTitle });
  }
  // A draft may leave questions unanswered; only a submission must be complete, and only on the
  // path its answers take (a branch the answers skipped is never required).
  for (const field of partial ? [] : onPath(fields, answered)) {
    if (field.isOptional || NOT_ANSWERED_TYPES.has(field.type ?? '')) continue;
    if (isEmpty(answered.get(field._id)?.answer.value)) {
      throw fail(field, field.type === 'file' ? `A file is required for ${field.title}` : `A response is required for ${field.title}`);
    }
  }
  return [...answered.values()];
};
