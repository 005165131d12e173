/**
 * The patient details an organization keeps (settings.endusers.customFields,
 * docs/contract/entities.md#organizations, "Enduser settings"), as the staff app speaks of them: a
 * name, a kind in plain words, and choices. Shared by Settings > Patient details and the patient record (no server code here).
 */
export type FieldDefinition = { name: string; kind: string; choices: string[] };

/** The kinds Settings offers, in the order its menu lists them. */
export const OFFERED_KINDS = ['Text', 'Multiple Text', 'Select', 'Multiple Select', 'Date', 'Number'] as const;

const KIND_WORDS: Record<string, string> = {
  Text: 'Text',
  'Multiple Text': 'A list, one a line',
  Select: 'One of a few choices',
  'Multiple Select': 'Any of a few choices',
  Date: 'A date',
  Number: 'A number',
  File: 'A file',
  Table: 'A table',
  'Auto Detect': 'Anything',
};

/** A kind in the words staff see ('A date'), never the stored name. */
export const kindWords = (kind: string) => KIND_WORDS[kind] ?? 'Anything';

/** Kinds whose values are picked from the definition's choices. */
export const hasChoices = (kind: string) => kind === 'Select' || kind === 'Multiple Select';
