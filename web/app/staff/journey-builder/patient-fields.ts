/** A patient field conditions can read, by what staff call it, with the values its question offers. */
export interface FieldChoice {
  id: string;
  label: string;
  values?: string[];
}

/** The patient's own fields conditions most often read (automation/src/conditions.ts looks them up by these names). */
export const PROFILE_FIELDS: FieldChoice[] = [
  { id: 'tags', label: 'Tags' },
  { id: 'fname', label: 'First name' },
  { id: 'lname', label: 'Last name' },
  { id: 'email', label: 'Email' },
  { id: 'phone', label: 'Phone' },
  { id: 'gender', label: 'Gender' },
  { id: 'state', label: 'State (address)' },
  { id: 'dateOfBirth', label: 'Date of birth' },
];

/** What staff read for a field a condition names: its label, or the custom field's own name. */
export const fieldLabelOf = (fields: FieldChoice[]) => (id: string) => fields.find((field) => field.id === id)?.label ?? `'${id}'`;
