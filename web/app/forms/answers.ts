/**
 * Form filling's rules (docs/contract/entities.md#forms, portal.md#form-filling, validation.md#form-answers), shared by the browser (errors once a question
 * is touched) and the portal server (which checks again before saving): how the inputs of one
 * question become its answer, and the exact messages of #form-answers.
 */

import ENGLISH_FORMS from '../i18n/catalogue/en/forms';
import { answerMessagesFrom, type AnswerMessages } from './answer-messages';

export type { AnswerMessages } from './answer-messages';
import { formPath, questionsOnPath, shownSubFields, type FlowAnswer, type FlowField, type FlowLink } from '@carelane/automation';

export interface FormField {
  id: string;
  /** Where the question sits in the form's flow (root, after another, or on a condition). */
  previousFields?: FlowLink[];
  title: string;
  description?: string;
  type: string;
  isOptional: boolean;
  options: {
    choices?: string[];
    radio?: boolean;
    other?: boolean;
    from?: number;
    to?: number;
    tableChoices?: { label: string; type: 'Text' | 'Date' | 'Select'; info?: { choices?: string[] } }[];
    subFields?: { id: string }[];
    /** A signature's document: a link to the PDF the patient signs. */
    pdfAttachment?: string;
  };
  /** A group's sub-question shows only while the answers meet this condition (none or {}: always). */
  groupShowCondition?: Record<string, unknown>;
}

/** What a draft holds for a question (the answer's value as the API stores it). */
export type AnswerValue = unknown;

/** Reads the posted inputs: the server's FormData and the browser's form share this interface. */
export interface InputReader {
  get(name: string): string | undefined;
  getAll(name: string): string[];
  /** The name of a chosen file for a file input, when one was chosen. */
  fileName(name: string): string | undefined;
}

export const readerOf = (form: FormData): InputReader => ({
  get: (name) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  },
  getAll: (name) => form.getAll(name).filter((value): value is string => typeof value === 'string'),
  fileName: (name) => {
    const value = form.get(name);
    return value && typeof value === 'object' && 'size' in value && value.size > 0 ? (value as File).name : undefined;
  },
});


/** The English messages, from the catalogue's own English texts (i18n/catalogue/en/forms.ts): the default where no page language is given. */
export const MESSAGES: AnswerMessages = answerMessagesFrom((key, values) =>
  ENGLISH_FORMS.validation[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? '')),
);

/** Rating limits when the question sets none (the spec leaves them open; docs/decisions.md). */
export const DEFAULT_RATING = { from: 1, to: 5 } as const;
export const OTHER = '__other__';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MM_DD_YYYY = /^(\d{2})-(\d{2})-(\d{4})$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/** The input names of a question (prefixed, so a group's questions never collide). */
export const inputName = (field: Pick<FormField, 'id'>, part?: string) => (part ? `a.${field.id}.${part}` : `a.${field.id}`);

export const validDateString = (value: string) => {
  const match = MM_DD_YYYY.exec(value);
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const validPhone = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15;
};

export const ratingRange = (field: FormField) => ({
  from: typeof field.options.from === 'number' ? field.options.from : DEFAULT_RATING.from,
  to: typeof field.options.to === 'number' ? field.options.to : DEFAULT_RATING.to,
});

/** The rows of a Table Input as posted: one list of label/entry pairs per row. */
const tableRows = (field: FormField, read: InputReader) => {
  const count = Math.max(0, Math.min(100, Number(read.get(inputName(field, 'rows')) ?? '0') || 0));
  const columns = field.options.tableChoices ?? [];
  return Array.from({ length: count }, (_, row) => columns.map((column, index) => ({ label: column.label, entry: (read.get(inputName(field, `${row}.${index}`)) ?? '').trim() })));
};

export interface ReadAnswer {
  /** The answer's value for the API ('' for an unanswered optional question). */
  value: AnswerValue;
  /** The first problem with it (docs/contract/validation.md#form-answers), if any. */
  error?: string;
  /** A file question whose file is being posted now (uploaded by the server before saving). */
  newFile?: boolean;
}

/**
 * One question's answer from its inputs, and its first problem. `previous` is the draft's value,
 * kept for a file question when no new file is chosen; `messages` are the problems' words in the page's language.
 */
export const readAnswer = (field: FormField, read: InputReader, previous?: AnswerValue, messages: AnswerMessages = MESSAGES): ReadAnswer => {
  const required = !field.isOptional;
  const text = (part?: string) => (read.get(inputName(field, part)) ?? '').trim();
  switch (field.type) {
    case 'description':
    case 'Question Group':
      return { value: undefined };
    case 'string':
    case 'stringLong': {
      // Form posts send line breaks as CRLF; answers keep the text as typed.
      const value = (read.get(inputName(field)) ?? '').replace(/\r\n?/g, '\n');
      return { value, error: required && !value.trim() ? messages.responseRequired : undefined };
    }
    case 'email': {
      const value = text();
      if (!value) return { value: '', error: required ? messages.email : undefined };
      return { value, error: EMAIL.test(value) ? undefined : messages.email };
    }
    case 'phone': {
      const value = text();
      if (!value) return { value: '', error: required ? messages.phone : undefined };
      return { value, error: validPhone(value) ? undefined : messages.phone };
    }
    case 'number': {
      const raw = text();
      if (!raw) return { value: '', error: required ? messages.number : undefined };
      const value = Number.parseInt(raw, 10);
      return Number.isFinite(value) && /^-?\d+(\.\d*)?$/.test(raw) ? { value } : { value: '', error: messages.number };
    }
    case 'rating': {
      const raw = text();
      if (!raw) return { value: '', error: required ? messages.responseRequired : undefined };
      const value = Number(raw);
      const { from, to } = ratingRange(field);
      if (!Number.isFinite(value)) return { value: '', error: messages.number };
      return { value, error: value < from || value > to ? messages.numberBetween(from, to) : undefined };
    }
    case 'date': {
      const raw = text();
      if (!raw) return { value: '', error: required ? messages.valueNotProvided : undefined };
      // A calendar day, stored at noon UTC so it reads as the same day in every US time zone.
      const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T12:00:00.000Z`) : new Date(Number.NaN);
      return Number.isNaN(date.getTime()) ? { value: '', error: messages.valueNotProvided } : { value: date.toISOString() };
    }
    case 'dateString': {
      const value = text();
      if (!value) return { value: '', error: required ? messages.dateFormat : undefined };
      return { value, error: validDateString(value) ? undefined : messages.dateFormat };
    }
    case 'Address': {
      const value = {
        addressLineOne: text('addressLineOne'),
        addressLineTwo: text('addressLineTwo'),
        city: text('city'),
        state: text('state'),
        zipCode: text('zipCode'),
      };
      const empty = !value.addressLineOne && !value.addressLineTwo && !value.city && !value.state && !value.zipCode;
      if (empty && !required) return { value: {} };
      const error = !value.addressLineOne
        ? messages.addressLineOne
        : !value.city
          ? messages.city
          : !value.state
            ? messages.state
            : !value.zipCode
              ? messages.zip
              : !ZIP.test(value.zipCode)
                ? messages.zipInvalid
                : undefined;
      return { value, error };
    }
    case 'signature': {
      const signed = read.get(inputName(field, 'consent')) === 'on';
      const fullName = text('fullName');
      if (!signed && !fullName && !required) return { value: {} };
      if (!signed) return { value: { signed: false, fullName }, error: messages.signatureTerms };
      return { value: { signed: true, fullName }, error: fullName ? undefined : messages.fullName };
    }
    case 'multiple_choice': {
      const picked = read.getAll(inputName(field)).filter((choice) => choice !== OTHER);
      const other = read.getAll(inputName(field)).includes(OTHER) ? text('other') : '';
      let value = other ? [...picked, other] : picked;
      // Single choice allows at most one value.
      if (field.options.radio) value = value.slice(0, 1);
      return { value, error: required && !value.length ? messages.mustCheck : undefined };
    }
    case 'ranking': {
      const choices = field.options.choices ?? [];
      const posted = read.getAll(inputName(field)).filter((choice) => choices.includes(choice));
      const value = posted.length === choices.length ? posted : choices;
      return { value };
    }
    case 'file': {
      const chosen = read.fileName(inputName(field));
      if (chosen) return { value: previous, newFile: true };
      const kept = previous && typeof previous === 'object' && 'secureName' in previous ? previous : undefined;
      if (kept) return { value: kept };
      return { value: undefined, error: required ? messages.fileRequired : undefined };
    }
    case 'Table Input': {
      const columns = field.options.tableChoices ?? [];
      if (!columns.length) return { value: [], error: required ? messages.noTableChoices : undefined };
      const rows = tableRows(field, read);
      for (const [index, row] of rows.entries()) {
        for (const [column, cell] of row.entries()) {
          if (!cell.entry) return { value: rows, error: messages.tableValue(cell.label, index + 1) };
          if (columns[column].type === 'Date' && !validDateString(cell.entry)) return { value: rows, error: messages.tableDateFormat(cell.label, index + 1) };
        }
      }
      return { value: rows, error: required && !rows.length ? messages.responseRequired : undefined };
    }
    default: {
      const value = read.get(inputName(field)) ?? '';
      return { value, error: required && !value.trim() ? messages.responseRequired : undefined };
    }
  }
};

/** The questions of one step: a question, or a group with its sub-questions. */
export const stepFields = (step: FormField, all: FormField[]) =>
  step.type === 'Question Group'
    ? [step, ...(step.options.subFields ?? []).map((sub) => all.find((field) => field.id === sub.id)).filter((field): field is FormField => !!field)]
    : [step];

/**
 * The questions of one step that show for the answers so far: a question, or a group with the
 * sub-questions whose groupShowCondition the answers meet (the others are neither checked nor sent).
 */
export const shownStepFields = <F extends FlowField>(step: F, all: readonly F[], values: ReadonlyMap<string, AnswerValue>): F[] =>
  step.type === 'Question Group' ? [step, ...shownSubFields(step, all, flowAnswers(all, values))] : [step];

/** The answers so far (drafts, and the step being answered) as the flow's conditions read them. */
export const flowAnswers = (fields: readonly FlowField[], values: ReadonlyMap<string, AnswerValue>) =>
  new Map<string, FlowAnswer>(fields.filter((field) => values.get(field.id) !== undefined).map((field) => [field.id, { type: field.type, value: values.get(field.id) }]));

/** What the browser needs of every question to follow the flow as the answers change. */
export const flowOf = (fields: FormField[]): FlowField[] =>
  fields.map((field) => ({
    id: field.id,
    type: field.type,
    previousFields: field.previousFields ?? [],
    options: { subFields: field.options.subFields ?? [] },
    ...(field.groupShowCondition ? { groupShowCondition: field.groupShowCondition } : {}),
  }));

/**
 * The steps of a form for the answers so far (docs/contract/portal.md#form-filling: the tree from the root following previous
 * links, the links' conditions decided by the answers), one question per step, a group's
 * sub-questions inside the group's step.
 */
export const formSteps = <F extends FlowField>(fields: readonly F[], values: ReadonlyMap<string, AnswerValue>) => formPath(fields, flowAnswers(fields, values));

/** The questions a submission sends: those on the path the answers take, groups' questions included. */
export const answeredPath = <F extends FlowField>(fields: readonly F[], values: ReadonlyMap<string, AnswerValue>) => questionsOnPath(fields, flowAnswers(fields, values));
