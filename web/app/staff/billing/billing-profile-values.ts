/**
 * A practice's billing details (a superbill_providers record) as Settings > Billing edits them, and
 * as a superbill copies them (docs/contract/entities.md#commerce-and-billing: a superbill keeps its
 * own copy of the provider, so a later change does not rewrite bills already given to patients).
 */
export const BILLING_FIELDS = [
  { name: 'officeName', label: 'Practice name', required: true },
  { name: 'providerName', label: 'Provider name', required: true, hint: 'The clinician who bills, as insurers know them.' },
  { name: 'providerNPI', label: 'NPI', required: true },
  { name: 'providerLicense', label: 'License number', required: true },
  { name: 'taxId', label: 'Tax ID (EIN)', required: true },
  { name: 'placeOfServiceCode', label: 'Place of service code', required: false, hint: 'Two digits, such as 11 for an office or 02 for telehealth.' },
  { name: 'email', label: 'Billing email', required: true },
  { name: 'phone', label: 'Billing phone', required: true },
  { name: 'lineOne', label: 'Address', required: true },
  { name: 'lineTwo', label: 'Address line 2', required: false },
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true, hint: 'Two letters, such as CA.' },
  { name: 'zipCode', label: 'ZIP code', required: true },
] as const;

export type BillingFieldName = (typeof BILLING_FIELDS)[number]['name'];
export type BillingValues = Record<BillingFieldName, string>;

const ADDRESS_FIELDS = ['lineOne', 'lineTwo', 'city', 'state', 'zipCode'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored profile's values for the form ('' for what it lacks). */
export const billingValues = (record: Record<string, unknown> | undefined): BillingValues => {
  const address = (record?.address ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    BILLING_FIELDS.map(({ name }) => [name, (ADDRESS_FIELDS as readonly string[]).includes(name) ? text(address[name]) : text(record?.[name])]),
  ) as BillingValues;
};

/** The posted form's values, trimmed; the state in capitals. */
export const postedBillingValues = (form: FormData): BillingValues => {
  const values = Object.fromEntries(BILLING_FIELDS.map(({ name }) => [name, String(form.get(name) ?? '').trim()])) as BillingValues;
  return { ...values, state: values.state.toUpperCase() };
};

/** A label inside a sentence: "practice name", but "NPI" and "Tax ID (EIN)" as written. */
const inSentence = (label: string) => (/^[A-Z][A-Z]/.test(label) || /\b[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** What the form asks for and is missing, in words under each box. */
export const missingBillingValues = (values: BillingValues): Partial<Record<BillingFieldName, string>> =>
  Object.fromEntries(BILLING_FIELDS.filter((field) => field.required && !values[field.name]).map((field) => [field.name, `Enter the ${inSentence(field.label)}`]));

/** The record the api stores: the address as one object, optional fields left out when empty. */
export const billingRecord = (values: BillingValues) => {
  const optional = (value: string) => value || undefined;
  return {
    officeName: values.officeName,
    providerName: values.providerName,
    providerNPI: values.providerNPI,
    providerLicense: values.providerLicense,
    taxId: values.taxId,
    placeOfServiceCode: optional(values.placeOfServiceCode),
    email: values.email,
    phone: values.phone,
    address: { lineOne: values.lineOne, lineTwo: optional(values.lineTwo), city: values.city, state: values.state, zipCode: values.zipCode },
  };
};

/** One line naming a profile in lists and menus: "Main Street Clinic · Dr. Example". */
export const billingProfileLabel = (record: Record<string, unknown>) => [text(record.officeName) || 'Practice', text(record.providerName)].filter(Boolean).join(' · ');
