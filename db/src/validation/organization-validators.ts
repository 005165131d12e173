import { fail } from './field-error';
import * as v from './validators';
import { enduserSettings } from './enduser-settings';
import type { Shape, Validator } from './validators';

/**
 * Nested shapes of the organization's own data: custom databases and their records, and analytics
 * frames and queries (docs/contract/entities.md#data-portal-pages-and-analytics), with the details
 * the contract leaves out taken from the reference client's contract. Every object rejects unknown
 * keys, as objectOf does.
 */

const { required, optional, byType } = v;

// ---------------------------------------------------------------------------------------------
// Databases

export const DATABASE_FIELD_TYPES = [
  'Text', 'Text Long', 'Text List', 'Number', 'Address', 'Multiple Select', 'Email', 'Phone', 'Date', 'Dropdown', 'Timestamp',
] as const;

export const databaseFields = v.listOf(
  v.objectOf({
    type: required(v.oneOf(DATABASE_FIELD_TYPES)),
    label: required(v.string(250)),
    required: optional(v.boolean),
    hideFromTable: optional(v.boolean),
    wrap: optional(v.string()),
    showConditions: optional(v.jsonObject(5000)),
    options: optional(v.objectOf({ width: optional(v.text(100)), options: optional(v.listOf(v.string())) })),
  }),
);

const partialAddress = v.objectOf({
  lineOne: optional(v.string()),
  lineTwo: optional(v.string()),
  city: optional(v.string()),
  state: optional(v.usState),
  zipCode: optional(v.string()),
  zipPlusFour: optional(v.string()),
});

const valueOf = (validate: Validator): Shape => ({ label: required(v.string(250)), value: optional(validate) });

/** A database record's values: { type, label, value }, the value's shape following the type. */
export const databaseRecordValues = v.listOf(
  byType({
    Text: valueOf(v.text(5000)),
    'Text Long': valueOf(v.text(5000)),
    'Text List': valueOf(v.listOf(v.string())),
    Number: valueOf(v.number()),
    Address: valueOf(partialAddress),
    'Multiple Select': valueOf(v.listOf(v.string())),
    Email: valueOf(v.email),
    Phone: valueOf(v.phone),
    Date: valueOf(v.string()),
    Dropdown: valueOf(v.string()),
    Timestamp: valueOf(v.string()),
  }),
);

// ---------------------------------------------------------------------------------------------
// Analytics

export const booleanOrString: Validator<boolean | string> = (value) =>
  typeof value === 'boolean' ? value : typeof value === 'string' ? v.string(250)(value) : fail('Expecting a boolean or a string');

export const dateRange = v.objectOf({ from: optional(v.dateOrEmpty), to: optional(v.dateOrEmpty) });

export const ANALYTICS_RESOURCES = ['Endusers', 'Calendar Events', 'Form Responses', 'Purchases', 'Purchase Credits', 'Tickets'] as const;
export const ANALYTICS_METHODS = ['Total', 'Sum of Field'] as const;
export const ANALYTICS_INTERVALS = ['Daily', 'Weekly', 'Monthly'] as const;
export const ANALYTICS_RANGE_KEYS = ['Created At', 'Updated At', 'Submitted At', 'Closed At'] as const;
export const ANALYTICS_FRAME_TYPES = ['Percentage'] as const;

/** Group results by gender, assignee or a custom field (plus the per-resource keys the reference client sends). */
export const analyticsGrouping = v.objectOf({
  Gender: optional(v.boolean),
  'Assigned To': optional(v.boolean),
  Field: optional(v.text(250)),
  Tags: optional(v.boolean),
  Age: optional(v.boolean),
  Phone: optional(v.boolean),
  State: optional(booleanOrString),
  Enduser: optional(booleanOrString),
  Type: optional(v.boolean),
  'Scheduled By': optional(v.boolean),
  'Submitted By': optional(v.boolean),
  'Public Identifier': optional(v.boolean),
  Cost: optional(v.boolean),
  Owner: optional(v.boolean),
  Title: optional(v.boolean),
  Outcome: optional(v.boolean),
});

export const analyticsQuery = v.objectOf({
  resource: required(v.oneOf(ANALYTICS_RESOURCES)),
  info: required(
    v.objectOf({
      method: required(v.oneOf(ANALYTICS_METHODS)),
      parameters: optional(
        v.objectOf({ field: optional(v.string(250)), interval: optional(v.oneOf(ANALYTICS_INTERVALS)), grouping: optional(analyticsGrouping) }),
      ),
    }),
  ),
  filter: optional(v.jsonObject(25000)),
  grouping: optional(analyticsGrouping),
  range: optional(v.objectOf({ interval: required(v.oneOf(ANALYTICS_INTERVALS)), key: required(v.oneOf(ANALYTICS_RANGE_KEYS)) })),
});

export const analyticsGroupingCategories = v.listOf(
  v.objectOf({ category: required(v.string(250)), keys: required(v.listOf(v.string(250))) }),
);

// ---------------------------------------------------------------------------------------------
// Organization settings

/**
 * A number the organization receives texts on, as Twilio writes it (E.164: '+', country code,
 * number). Spaces, dashes, dots and brackets are dropped; ten digits are a US number.
 */
export const textingNumber: Validator<string> = (value) => {
  if (typeof value !== 'string') return fail('Invalid phone number');
  const written = value.replace(/[\s().-]/g, '');
  const number = /^\d{10}$/.test(written) ? `+1${written}` : written;
  return /^\+[1-9]\d{7,14}$/.test(number) ? number : fail('Invalid phone number');
};

/** The longest keyword reply: two segments of a text (README "Two-way messages"). */
export const KEYWORD_REPLY_MAX = 320;

/**
 * settings.sms (README "Two-way messages"): the numbers whose incoming texts are this
 * organization's, and its own replies to HELP, STOP and START. Other keys are kept as they are.
 */
const smsSettings = v.objectOf(
  {
    phoneNumbers: optional(v.listOf(textingNumber)),
    phoneNumber: optional(textingNumber),
    helpText: optional(v.text(KEYWORD_REPLY_MAX)),
    optOutText: optional(v.text(KEYWORD_REPLY_MAX)),
    optInText: optional(v.text(KEYWORD_REPLY_MAX)),
  },
  { allowUnknown: true },
);

/** An organization's free-form settings, with the parts the server and the staff app read (sms, endusers) checked. */
export const organizationSettings: Validator<Record<string, unknown>> = (value) => {
  const settings = { ...v.jsonObject()(value) };
  if (settings.sms !== undefined && settings.sms !== null) settings.sms = smsSettings(settings.sms);
  if (settings.endusers !== undefined && settings.endusers !== null) settings.endusers = enduserSettings(settings.endusers);
  return settings;
};
