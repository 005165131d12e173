import type { Translate } from '../i18n/translator';
import sanitizeHtml from 'sanitize-html';
import { ApiError, callApi } from '../api.server';
import { postedFile, uploadFile } from '../portal/files.server';
import { optionalText, type ApiRecord } from '../portal/resources.server';
import { answerMessagesOf } from './answer-messages';
import { answeredPath, flowOf, formSteps, inputName, readAnswer, readerOf, shownStepFields, stepFields, type AnswerValue, type FormField } from './answers';
import type { FillingView } from './FormFilling';
import { DEFAULT_THANKS } from './thanks';

export { DEFAULT_THANKS };

interface FormInfo {
  form: ApiRecord;
  fields: ApiRecord[];
  response: ApiRecord;
}

const fieldOf = (record: ApiRecord): FormField => ({
  id: record.id,
  title: optionalText(record.title) ?? '',
  description: optionalText(record.description),
  type: String(record.type ?? 'string'),
  isOptional: record.isOptional === true,
  previousFields: Array.isArray(record.previousFields) ? (record.previousFields as FormField['previousFields']) : [],
  options: (record.options && typeof record.options === 'object' ? record.options : {}) as FormField['options'],
  ...(record.groupShowCondition && typeof record.groupShowCondition === 'object' ? { groupShowCondition: record.groupShowCondition as Record<string, unknown> } : {}),
});

/** The form, its questions and the response (with the draft) for an access code (form-info-for-access-code, docs/contract/api.md#forms). */
export const loadForm = async (authToken: string, accessCode: string) => {
  const info = await callApi<FormInfo>('/v1/form-info-for-access-code', { authToken, query: { accessCode } });
  const fields = (info.fields ?? []).map(fieldOf);
  if (!fields.length) throw new ApiError(400, 'This form has no questions');
  const drafts = new Map<string, AnswerValue>();
  for (const saved of (info.response.responses as { fieldId: string; answer?: { value?: unknown } }[] | undefined) ?? []) drafts.set(saved.fieldId, saved.answer?.value);
  return { info, fields, steps: formSteps(fields, drafts), drafts };
};

const stepOf = (request: Request, count: number) => Math.max(0, Math.min(count - 1, Number(new URL(request.url).searchParams.get('step') ?? 0) || 0));

/** What a filling page shows for a loaded form: the thanks once submitted, else the step the address names (?step=). */
export const fillingView = (request: Request, { info, fields, steps, drafts }: Awaited<ReturnType<typeof loadForm>>, t: Translate<'forms'>): FillingView => {
  const title = optionalText(info.form.displayTitle) ?? optionalText(info.form.title) ?? optionalText(info.response.formTitle) ?? t('form');
  if (info.response.submittedAt) return { submitted: true, title, thanks: thanksOf(info.form, t('thanks')) };
  const index = stepOf(request, steps.length);
  const here = stepFields(steps[index], fields);
  return {
    submitted: false,
    title,
    index,
    fields: here,
    values: Object.fromEntries(here.map((field) => [field.id, drafts.get(field.id) ?? null])),
    // The whole flow and the answers so far, so the browser follows the path as answers change.
    flow: flowOf(fields),
    drafts: Object.fromEntries([...drafts].filter(([, value]) => value !== undefined && value !== null)),
  };
};

/** Only the script-free HTML of the form's thanks message (docs/contract/portal.md#form-filling, validation.md#display-names-and-text: script tags stripped). */
const sanitizeThanks = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'br', 'hr'],
    allowedAttributes: { '*': ['style', 'class'], a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });

/** The clinic's thanks as written, else the default in the page's language. */
export const thanksOf = (form: ApiRecord, defaultThanks: string = DEFAULT_THANKS) => {
  const html = optionalText(form.htmlThanksMessage);
  if (html) return { html: sanitizeThanks(html) };
  return { text: optionalText(form.thanksMessage) ?? defaultThanks };
};

/** One answer as the API takes it. */
const responseOf = (field: FormField, value: AnswerValue) => ({
  fieldId: field.id,
  fieldTitle: field.title,
  ...(field.description ? { fieldDescription: field.description } : {}),
  answer: value === undefined ? { type: field.type } : { type: field.type, value },
});

const API_PREFIX = 'Error parsing field responses: ';
/** The api's answers a patient meets on a form link (its English text, exactly the api's), in the page's language. */
const API_TEXTS: Record<string, 'linkExpired' | 'alreadySubmitted'> = {
  'This form link has expired': 'linkExpired',
  'This form response has already been submitted': 'alreadySubmitted',
};
export const apiMessage = (error: unknown, t: Translate<'forms'>) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const known = API_TEXTS[error.message];
    if (known) return t(known);
    return error.message.startsWith(API_PREFIX) ? error.message.slice(API_PREFIX.length) : error.message;
  }
  console.error('Filling a form failed', error);
  return t('unexpected');
};

export type StepState = {
  /** Problems by question id (docs/contract/validation.md#form-answers messages). */
  errors?: Record<string, string>;
  /** The form's own problem (from the API). */
  formError?: string;
  /** Values posted, to show again (table rows, ranking order, typed text). */
  overrides?: Record<string, AnswerValue>;
};

/**
 * Handles a post of one step: Next, Previous, Submit, and the in-place changes of a Table Input
 * (add or remove a row) and a ranking (move a choice). Answers that pass are saved as the draft
 * (save-field-response) before moving on, so a reload or a lost connection keeps them. Files are
 * uploaded before the answers are sent. Returns the state to show, or the step to go to.
 */
export const postStep = async (
  authToken: string,
  enduserId: string,
  accessCode: string,
  form: FormData,
  t: Translate<'forms'>,
): Promise<{ goTo: number } | { state: StepState } | { submitted: true }> => {
  const messages = answerMessagesOf(t);
  const { fields, steps, drafts } = await loadForm(authToken, accessCode);
  const index = Math.max(0, Math.min(steps.length - 1, Number(form.get('step') ?? 0) || 0));
  const here = stepFields(steps[index], fields);
  const read = readerOf(form);
  const posted = here.map((field) => ({ field, ...readAnswer(field, read, drafts.get(field.id), messages) }));
  const intent = String(form.get('intent') ?? 'next');
  const overrides: Record<string, AnswerValue> = Object.fromEntries(posted.filter((answer) => answer.value !== undefined).map((answer) => [answer.field.id, answer.value]));
  // A group's sub-questions its groupShowCondition hides (for the answers as posted) are neither
  // checked nor saved: their drafts stay as they were, and a submission never sends them.
  const shown = new Set(shownStepFields(steps[index], fields, new Map([...drafts, ...Object.entries(overrides)])).map((field) => field.id));
  const answers = posted.filter((answer) => shown.has(answer.field.id));

  // Table rows and ranking order change in place: show the step again with the change.
  const [action, fieldId, position, direction] = intent.split(':');
  const target = here.find((field) => field.id === fieldId);
  if (target && (action === 'add-row' || action === 'remove-row' || action === 'move')) {
    const value = overrides[target.id];
    if (action === 'add-row') overrides[target.id] = [...(Array.isArray(value) ? value : []), (target.options.tableChoices ?? []).map((column) => ({ label: column.label, entry: '' }))];
    if (action === 'remove-row' && Array.isArray(value)) {
      const keepOne = !target.isOptional && value.length <= 1;
      if (!keepOne) overrides[target.id] = value.filter((_row, row) => row !== Number(position));
    }
    if (action === 'move' && Array.isArray(value)) {
      const from = Number(position);
      const to = direction === 'up' ? from - 1 : from + 1;
      if (to >= 0 && to < value.length) {
        const order = [...value];
        [order[from], order[to]] = [order[to], order[from]];
        overrides[target.id] = order;
      }
    }
    return { state: { overrides } };
  }

  const errors = Object.fromEntries(answers.filter((answer) => answer.error).map((answer) => [answer.field.id, answer.error!]));
  const moving = intent === 'previous';
  if (!moving && Object.keys(errors).length) return { state: { errors, overrides } };

  try {
    // Files first (docs/contract/portal.md#form-filling): each chosen file is stored, then its answer is the stored file.
    const toSave: ReturnType<typeof responseOf>[] = [];
    for (const answer of answers) {
      if (answer.field.type === 'description' || answer.field.type === 'Question Group') continue;
      if (moving && answer.error) continue;
      let value = answer.value;
      if (answer.newFile) {
        const file = postedFile(form.get(inputName(answer.field)));
        if (file) {
          const stored = await uploadFile(authToken, enduserId, file);
          value = { name: String(stored.name ?? file.name), secureName: String(stored.secureName), type: String(stored.type ?? file.type ?? '') };
        }
      }
      if (value === undefined) continue;
      toSave.push(responseOf(answer.field, value));
      drafts.set(answer.field.id, value);
    }
    if (toSave.length) await callApi('/v1/save-field-response', { method: 'PATCH', authToken, body: { accessCode, responses: toSave } });
    if (intent === 'previous') return { goTo: Math.max(0, index - 1) };
    // The answers just given may change the path (docs/contract/portal.md#form-filling): Next and Submit go where they lead.
    // Submit is sent only from the path's last step; a Next that now ends the form shows the step
    // again, saved, with Submit (a page without scripts labelled its button before the answer).
    const path = formSteps(fields, drafts);
    if (path[index + 1]) return { goTo: index + 1 };
    if (intent !== 'submit') return { state: { overrides } };
    // Only the questions on the path taken are sent: a branch left behind keeps its draft, unsent.
    const responses = answeredPath(fields, drafts)
      .filter((field) => field.type !== 'description' && field.type !== 'Question Group' && drafts.get(field.id) !== undefined)
      .map((field) => responseOf(field, drafts.get(field.id)));
    await callApi('/v1/submit-form-response', { method: 'PATCH', authToken, body: { accessCode, responses } });
    return { submitted: true };
  } catch (error) {
    return { state: { formError: apiMessage(error, t), overrides } };
  }
};
