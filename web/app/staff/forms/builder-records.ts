import type { FormField } from '../../forms/answers';
import { EMPTY_SETTINGS, newField, stepAbove, TABLE_COLUMN_TYPES, FIELD_TYPES, type BuilderField, type BuilderForm, type BuilderSettings, type FieldType, type ShowRule } from './builder-model';

/**
 * Between the api's records (forms, form_fields) and the builder's model. The builder keeps the
 * order staff chose in each question's flowchartUI (y grows down the list), and turns its plain
 * "when it shows" rules into previousFields: root, after, previousEquals.
 */

type ApiRecord = Record<string, unknown> & { id: string };
type Link = { type?: string; info?: { fieldId?: string; equals?: string } };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const objectOf = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export const settingsOf = (form: ApiRecord | undefined): BuilderSettings =>
  form
    ? {
        title: text(form.title),
        displayTitle: text(form.displayTitle),
        description: text(form.description),
        type: form.type === 'note' ? 'note' : 'enduserFacing',
        allowPublicURL: form.allowPublicURL === true,
        intakePhone: form.intakePhone === 'optional' || form.intakePhone === 'required' ? form.intakePhone : '',
        thanksMessage: text(form.thanksMessage),
      }
    : { ...EMPTY_SETTINGS };

/** The questions in the builder's order: the order saved in flowchartUI, else the order they were made. */
const ordered = (records: ApiRecord[]) =>
  [...records].sort((a, b) => {
    const [ya, yb] = [Number(objectOf(a.flowchartUI).y), Number(objectOf(b.flowchartUI).y)];
    const [oa, ob] = [Number.isFinite(ya) ? ya : Infinity, Number.isFinite(yb) ? yb : Infinity];
    return oa !== ob ? oa - ob : a.id.localeCompare(b.id);
  });

const fieldOf = (record: ApiRecord): BuilderField => {
  const options = objectOf(record.options);
  const type = (FIELD_TYPES.some((choice) => choice.value === record.type) ? record.type : 'string') as FieldType;
  return {
    ...newField(record.id, type),
    title: text(record.title),
    description: text(record.description),
    isOptional: record.isOptional === true,
    choices: strings(options.choices),
    radio: options.radio === true,
    other: options.other === true,
    tableChoices: (Array.isArray(options.tableChoices) ? options.tableChoices : []).map((column) => {
      const value = objectOf(column);
      const columnType = TABLE_COLUMN_TYPES.find((choice) => choice === value.type) ?? 'Text';
      return { label: text(value.label), type: columnType, choices: strings(objectOf(value.info).choices) };
    }),
    from: typeof options.from === 'number' ? String(options.from) : '1',
    to: typeof options.to === 'number' ? String(options.to) : '5',
    pdfAttachment: text(options.pdfAttachment),
    subFields: (Array.isArray(options.subFields) ? options.subFields : []).map((sub) => text(objectOf(sub).id)).filter(Boolean),
  };
};

/** A question's links as plain rules; null when they are exactly "next in order"; links the builder does not edit are kept. */
const rulesOf = (links: Link[], above: BuilderField | undefined): Pick<BuilderField, 'rules' | 'kept'> => {
  const editable = links.filter((link) => link.type === 'root' || link.type === 'after' || link.type === 'previousEquals');
  const kept = links.filter((link) => !editable.includes(link));
  const nextInOrder = editable.length === 1 && !kept.length && (above ? editable[0].type === 'after' && editable[0].info?.fieldId === above.key : editable[0].type === 'root');
  if (nextInOrder || (!editable.length && !kept.length)) return { rules: null, kept };
  const rules = editable.map((link): ShowRule => (link.type === 'root' ? { after: '' } : link.type === 'after' ? { after: text(link.info?.fieldId) } : { after: text(link.info?.fieldId), equals: text(link.info?.equals) }));
  return { rules, kept };
};

export const builderOf = (form: ApiRecord | undefined, records: ApiRecord[]): BuilderForm => {
  const sorted = ordered(records);
  const fields = sorted.map(fieldOf);
  const grouped = new Set(fields.flatMap((field) => (field.type === 'Question Group' ? field.subFields : [])));
  sorted.forEach((record, index) => {
    if (grouped.has(record.id)) return;
    const links = (Array.isArray(record.previousFields) ? record.previousFields : []) as Link[];
    Object.assign(fields[index], rulesOf(links, stepAbove(fields, index)));
  });
  return { settings: settingsOf(form), fields };
};

/** Empty texts are cleared (null): the api refuses an empty string where it expects text. */
const orNull = (value: string) => value.trim() || null;

export const settingsPayload = (settings: BuilderSettings) => ({
  title: settings.title.trim(),
  displayTitle: orNull(settings.displayTitle),
  description: orNull(settings.description),
  type: settings.type,
  allowPublicURL: settings.allowPublicURL,
  intakePhone: settings.intakePhone || null,
  thanksMessage: orNull(settings.thanksMessage),
});

const optionsOf = (field: BuilderField, idOf: (key: string) => string) => {
  const choices = field.choices.map((choice) => choice.trim()).filter(Boolean);
  switch (field.type) {
    case 'multiple_choice':
      return { choices, radio: field.radio, other: field.other };
    case 'ranking':
      return { choices };
    case 'rating':
      return { from: Number(field.from), to: Number(field.to) };
    case 'signature':
      return field.pdfAttachment.trim() ? { pdfAttachment: field.pdfAttachment.trim() } : {};
    case 'Table Input':
      return {
        tableChoices: field.tableChoices.map((column) => ({
          label: column.label.trim(),
          type: column.type,
          ...(column.type === 'Select' ? { info: { choices: column.choices.map((choice) => choice.trim()).filter(Boolean) } } : {}),
        })),
      };
    case 'Question Group':
      return { subFields: field.subFields.map((key) => ({ id: idOf(key) })) };
    default:
      return {};
  }
};

/** One question as the api stores it, once every question has an id (`idOf`). */
export const fieldPayload = (fields: readonly BuilderField[], index: number, idOf: (key: string) => string) => {
  const field = fields[index];
  const grouped = new Set(fields.flatMap((other) => (other.type === 'Question Group' ? other.subFields : [])));
  const above = stepAbove(fields, index);
  const previousFields = grouped.has(field.key)
    ? []
    : field.rules === null
      ? [above ? { type: 'after', info: { fieldId: idOf(above.key) } } : { type: 'root', info: {} }]
      : [
          ...field.rules.map((rule) =>
            !rule.after ? { type: 'root', info: {} } : rule.equals !== undefined ? { type: 'previousEquals', info: { fieldId: idOf(rule.after), equals: rule.equals.trim() } } : { type: 'after', info: { fieldId: idOf(rule.after) } },
          ),
          ...field.kept,
        ];
  return {
    title: field.title.trim(),
    description: orNull(field.description),
    type: field.type,
    isOptional: field.isOptional,
    isInGroup: grouped.has(field.key),
    options: optionsOf(field, idOf),
    previousFields,
    flowchartUI: { x: 0, y: index * 100 },
  };
};

/** The builder's questions as the portal's renderer takes them (keys stand in for ids), for the preview. */
export const previewFields = (fields: readonly BuilderField[]): FormField[] =>
  fields.map((field, index) => {
    const payload = fieldPayload(fields, index, (key) => key);
    return {
      id: field.key,
      title: payload.title || `Question ${index + 1}`,
      ...(payload.description ? { description: payload.description } : {}),
      type: payload.type,
      isOptional: payload.isOptional,
      previousFields: payload.previousFields as FormField['previousFields'],
      options: payload.options as FormField['options'],
    };
  });
