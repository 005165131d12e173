/**
 * The forms builder's model, shared by the page (as staff edit) and the route's action (which checks
 * again before saving): a form's settings and its questions in the order staff put them, each
 * question's options by type (docs/contract/entities.md#forms), and when it shows, in plain words
 * ("after 'Question 2' when the answer is 'Yes'") rather than the previousFields ids it becomes.
 */

export const FIELD_TYPES = [
  { value: 'string', label: 'Short text' },
  { value: 'stringLong', label: 'Long text' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone number' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date (calendar)' },
  { value: 'dateString', label: 'Date (typed, MM-DD-YYYY)' },
  { value: 'multiple_choice', label: 'Multiple choice' },
  { value: 'ranking', label: 'Ranking' },
  { value: 'rating', label: 'Rating' },
  { value: 'signature', label: 'Signature' },
  { value: 'file', label: 'File upload' },
  { value: 'Address', label: 'Address' },
  { value: 'Table Input', label: 'Table' },
  { value: 'Question Group', label: 'Question group' },
  { value: 'description', label: 'Text only (no answer)' },
] as const;
export type FieldType = (typeof FIELD_TYPES)[number]['value'];
export const TABLE_COLUMN_TYPES = ['Text', 'Date', 'Select'] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];

export const typeLabel = (type: string) => FIELD_TYPES.find((choice) => choice.value === type)?.label ?? 'Short text';

/** One way a question is reached: after another question, whatever its answer or on one answer; `after: ''` is the form's start. */
export interface ShowRule {
  after: string;
  equals?: string;
}

export interface TableColumn {
  label: string;
  type: TableColumnType;
  choices: string[];
}

export interface BuilderField {
  /** The saved question's id, or `new-…` until it is saved. */
  key: string;
  title: string;
  description: string;
  type: FieldType;
  isOptional: boolean;
  choices: string[];
  radio: boolean;
  other: boolean;
  tableChoices: TableColumn[];
  from: string;
  to: string;
  pdfAttachment: string;
  /** The keys of the questions a Question group shows together. */
  subFields: string[];
  /** null: next in the order shown (after the question above it). */
  rules: ShowRule[] | null;
  /** Links the builder does not edit (combined conditions set through the api), kept as they are. */
  kept: unknown[];
}

export interface BuilderSettings {
  title: string;
  displayTitle: string;
  description: string;
  type: 'enduserFacing' | 'note';
  allowPublicURL: boolean;
  intakePhone: '' | 'optional' | 'required';
  thanksMessage: string;
}

export interface BuilderForm {
  settings: BuilderSettings;
  fields: BuilderField[];
}

export const EMPTY_SETTINGS: BuilderSettings = { title: '', displayTitle: '', description: '', type: 'enduserFacing', allowPublicURL: false, intakePhone: '', thanksMessage: '' };

export const newField = (key: string, type: FieldType = 'string'): BuilderField => ({
  key,
  title: '',
  description: '',
  type,
  isOptional: false,
  choices: type === 'multiple_choice' || type === 'ranking' ? ['', ''] : [],
  radio: true,
  other: false,
  tableChoices: type === 'Table Input' ? [{ label: '', type: 'Text', choices: [] }] : [],
  from: '1',
  to: '5',
  pdfAttachment: '',
  subFields: [],
  rules: null,
  kept: [],
});

/** Questions inside a group are shown on the group's page, never as steps of their own. */
export const groupedKeys = (fields: readonly BuilderField[]) => new Set(fields.flatMap((field) => (field.type === 'Question Group' ? field.subFields : [])));

/** The question a "next in order" question follows: the nearest step above it (none for the first). */
export const stepAbove = (fields: readonly BuilderField[], index: number) => {
  const grouped = groupedKeys(fields);
  for (let above = index - 1; above >= 0; above -= 1) if (!grouped.has(fields[above].key)) return fields[above];
  return undefined;
};

/**
 * What an added rule starts as: after the nearest step above that no rule of this question follows
 * yet (a second rule after the same question would say nothing new), else the start of the form.
 */
export const nextRuleAfter = (fields: readonly BuilderField[], index: number, rules: readonly ShowRule[]): ShowRule => {
  const grouped = groupedKeys(fields);
  const chosen = new Set(rules.map((rule) => rule.after));
  for (let above = index - 1; above >= 0; above -= 1) {
    const key = fields[above].key;
    if (!grouped.has(key) && !chosen.has(key)) return { after: key };
  }
  return { after: '' };
};

/** A question's name in sentences: its title, or its place when it has none yet. */
export const questionName = (fields: readonly BuilderField[], key: string) => {
  const index = fields.findIndex((field) => field.key === key);
  if (index < 0) return 'a removed question';
  return fields[index].title.trim() || `Question ${index + 1}`;
};

/** When a question shows, in words. */
export const ruleSentence = (fields: readonly BuilderField[], rule: ShowRule) => {
  if (!rule.after) return 'At the start of the form';
  const name = `'${questionName(fields, rule.after)}'`;
  return rule.equals !== undefined ? `Show after ${name} when the answer is '${rule.equals}'` : `Show after ${name}`;
};

/** The answers a rule may test for the question it follows (its choices), if it has a fixed list. */
export const answersOf = (field: BuilderField | undefined) => {
  if (!field) return [];
  if (field.type === 'multiple_choice') return field.choices.map((choice) => choice.trim()).filter(Boolean);
  if (field.type === 'rating') {
    const [from, to] = [Number(field.from), Number(field.to)];
    if (Number.isInteger(from) && Number.isInteger(to) && to >= from && to - from <= 20) return Array.from({ length: to - from + 1 }, (_, step) => String(from + step));
  }
  return [];
};

const hasText = (value: string) => value.trim().length > 0;

/**
 * What must be fixed before saving, by place: `title`, `fields.<key>.<part>`. The messages are the
 * spec's form rule ('Required', 'Not a valid number') and plain sentences where it gives none.
 */
export const builderProblems = ({ settings, fields }: BuilderForm): Record<string, string> => {
  const problems: Record<string, string> = {};
  if (!hasText(settings.title)) problems.title = 'Required';
  const keys = new Set(fields.map((field) => field.key));
  for (const field of fields) {
    const at = (part: string, message: string) => (problems[`fields.${field.key}.${part}`] = message);
    if (!hasText(field.title)) at('title', 'Required');
    if ((field.type === 'multiple_choice' || field.type === 'ranking') && field.choices.filter(hasText).length === 0) at('choices', 'Add at least one choice');
    if (field.type === 'Table Input') {
      if (field.tableChoices.length === 0) at('tableChoices', 'Add at least one column');
      else if (field.tableChoices.some((column) => !hasText(column.label))) at('tableChoices', 'Every column needs a name');
    }
    if (field.type === 'rating') {
      const [from, to] = [Number(field.from), Number(field.to)];
      if (!hasText(field.from) || !Number.isFinite(from)) at('from', 'Not a valid number');
      else if (!hasText(field.to) || !Number.isFinite(to)) at('to', 'Not a valid number');
      else if (to <= from) at('to', 'Must be more than the lowest rating');
    }
    for (const [index, rule] of (field.rules ?? []).entries()) {
      if (rule.after && !keys.has(rule.after)) at(`rules.${index}`, 'Choose a question');
      else if (rule.after === field.key) at(`rules.${index}`, 'A question cannot follow itself');
      else if (rule.equals !== undefined && !hasText(rule.equals)) at(`rules.${index}`, 'Choose or type the answer');
    }
    if (field.rules && field.rules.length === 0 && !field.kept.length) at('rules', 'Add when it shows, or choose next in order');
  }
  return problems;
};
