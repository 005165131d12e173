import { formatDate } from '../portal/format';

/** The form response view's words (docs/contract/portal.md, "Form response view"), in English: the staff app's and the PDF's. */
export const RESPONSE_TEXTS = {
  submittedBy: 'Submitted by',
  from: 'From',
  awaiting: 'Awaiting Response',
  noValue: 'No value provided',
  unsigned: 'Unsigned',
  // Ours: the spec gives no text for a response that cannot be found.
  missing: 'This form response could not be found.',
  signedBy: (name: string) => `Signed by ${name}`.trim(),
  file: 'File',
} as const;

/** The words an answer may need, in the reader's language (the portal's from the catalogue; English by default). */
export interface AnswerTexts {
  noValue: string;
  unsigned: string;
  signedBy: (name: string) => string;
  file: string;
}

export type Shown = { kind: 'text'; text: string } | { kind: 'table'; rows: { label: string; entry: string }[][] };
export interface ShownAnswer {
  fieldId: string;
  title: string;
  shown: Shown;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length) || (typeof value === 'object' && !Array.isArray(value) && !Object.keys(value as object).length);

/** An answer as a person reads it (the patient in the portal, staff in the console, the PDF). */
export const shownAnswer = (type: string, value: unknown, timeZone?: string, texts: AnswerTexts = RESPONSE_TEXTS, locale?: string): Shown => {
  if (type === 'signature') {
    const signature = (value ?? {}) as { signed?: boolean; fullName?: string };
    return { kind: 'text', text: signature.signed ? texts.signedBy(signature.fullName ?? '') : texts.unsigned };
  }
  if (isEmpty(value)) return { kind: 'text', text: texts.noValue };
  switch (type) {
    case 'Address': {
      const address = value as Record<string, string | undefined>;
      const line = [address.addressLineOne, address.addressLineTwo, address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter((part) => part && part.trim());
      return { kind: 'text', text: line.join(', ') };
    }
    case 'file':
      return { kind: 'text', text: String((value as { name?: string }).name ?? texts.file) };
    case 'date': {
      const ms = Date.parse(String(value));
      return { kind: 'text', text: Number.isFinite(ms) ? formatDate(ms, timeZone, locale) : String(value) };
    }
    case 'Table Input':
      return { kind: 'table', rows: (value as { label: string; entry?: string }[][]).map((row) => row.map((cell) => ({ label: cell.label, entry: cell.entry ?? '' }))) };
    default:
      return { kind: 'text', text: Array.isArray(value) ? value.map(String).join(', ') : String(value) };
  }
};

/** A stored response's answers, each with its question's title, as people read them. */
export const answersOf = (response: { [field: string]: unknown }, timeZone?: string, texts: AnswerTexts = RESPONSE_TEXTS, locale?: string): ShownAnswer[] =>
  ((response.responses as { fieldId: string; fieldTitle?: string; answer?: { type?: string; value?: unknown } }[] | undefined) ?? []).map((answer) => ({
    fieldId: answer.fieldId,
    title: answer.fieldTitle ?? '',
    shown: shownAnswer(answer.answer?.type ?? 'string', answer.answer?.value, timeZone, texts, locale),
  }));
