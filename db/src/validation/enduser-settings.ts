import { fail } from './field-error';
import * as v from './validators';

const { required, optional, noInfo, infoOf } = v;

/**
 * The kinds of custom field an organization defines for its patients (docs/contract/entities.md#organizations,
 * "Enduser settings": Select, Text, Multiple Text or Date; the other kinds are the reference client's).
 */
export const CUSTOM_ENDUSER_FIELD_TYPES = ['Select', 'Multiple Select', 'Text', 'Number', 'Multiple Text', 'Date', 'File', 'Auto Detect', 'Table'] as const;

const choices = v.listOf(v.string(250));

/** One defined field: its kind, the name patients' custom fields are stored under, and its choices. */
const customEnduserField = v.byType(
  {
    Select: infoOf({ options: required(choices), other: optional(v.boolean) }),
    'Multiple Select': infoOf({ options: required(choices) }),
    Text: noInfo,
    Number: noInfo,
    'Multiple Text': noInfo,
    Date: noInfo,
    File: noInfo,
    'Auto Detect': noInfo,
    Table: infoOf({ columns: required(v.listOf(v.jsonObject(5000))) }),
  },
  { field: required(v.string(250)), required: optional(v.boolean), hiddenFromProfile: optional(v.boolean), requireConfirmation: optional(v.boolean) },
);

/** A field's name, trimmed, refused where patients' custom fields refuse it (validators.ts customFields). */
const fieldName = (field: unknown) => {
  const name = String(field).trim();
  if (!name) return fail('Each custom field needs a name');
  if (name.length > 250) return fail('Custom field names must not exceed 250 characters');
  v.customFields({ [name]: '' });
  return name;
};

const customEnduserFields: v.Validator<Record<string, unknown>[]> = (value) => {
  const fields = v.listOf(customEnduserField, 200)(value);
  const named = fields.map((definition) => ({ ...definition, field: fieldName(definition.field) }));
  const seen = new Set<string>();
  for (const { field } of named) {
    if (seen.has(field.toLowerCase())) return fail(`Two custom fields are named ${field}`);
    seen.add(field.toLowerCase());
  }
  return named;
};

/**
 * settings.endusers: the parts the staff app reads (the patient details the organization keeps, whether
 * staff may add others, and its tags) are checked; other keys are kept as they are.
 */
export const enduserSettings = v.objectOf(
  {
    customFields: optional(customEnduserFields),
    disableAdhocFields: optional(v.boolean),
    tags: optional(v.listOf(v.string(250))),
  },
  { allowUnknown: true },
);
