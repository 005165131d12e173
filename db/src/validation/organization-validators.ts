import { fail } from './field-error';
import * as v from './validators';
import type { Shape, Validator } from './validators';

/**
 * Nested shapes of the group B resources (calendar, content, community, commerce, billing,
 * analytics): seeds 000 §3, with the details the spec leaves out taken from the reference client's
 * contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional } = v;

const describe = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).slice(0, 100);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list item whose `type` chooses its shape ({ type: 'h1', info: {...} }): the type must be one of
 * the listed ones ('Value must match one of ...'), then the rest is checked against that type's shape.
 */
export const byType = (shapes: Record<string, Shape>): Validator<Record<string, unknown>> => {
  const types = Object.keys(shapes);
  const validators = new Map(types.map((type) => [type, v.objectOf({ type: required(v.oneOf([type])), ...shapes[type] })]));
  return (value) => {
    if (!isObject(value)) return fail(`Expected a non-null object by got ${describe(value)}`);
    if (value.type === undefined || value.type === null) return fail('missing value for type');
    const type = v.oneOf(types)(value.type);
    return validators.get(type)!(value);
  };
};

/** Dates that clients clear with '' (cancelledAt, usedAt ...): '' is stored as null. */
export const dateOrEmpty: Validator<Date | null> = (value) => (value === '' ? null : v.date(value));

export const booleanOrString: Validator<boolean | string> = (value) =>
  typeof value === 'boolean' ? value : typeof value === 'string' ? v.string(250)(value) : fail('Expecting a boolean or a string');

export const numberOrString: Validator<number | string> = (value) =>
  typeof value === 'number' ? v.number()(value) : typeof value === 'string' ? v.string(100)(value) : fail('Not a valid number');

/** US state and territory codes (seeds 000 §3, Other shapes). */
export const US_STATES = [
  'AK', 'AL', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'GA', 'GU', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS',
  'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MP', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY',
  'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UM', 'UT', 'VA', 'VI', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;
export const usState = v.oneOf(US_STATES);

export const dateRange = v.objectOf({ from: optional(dateOrEmpty), to: optional(dateOrEmpty) });

// ---------------------------------------------------------------------------------------------
// Calendar

export const SESSION_TYPES = ['user', 'enduser'] as const;
export const MEETING_STATUSES = ['scheduled', 'live', 'ended'] as const;
export const VIDEO_INTEGRATIONS = ['Zoom', 'No Integration'] as const;
export const COMMUNICATION_CHANNELS = ['Email', 'SMS', 'Chat'] as const;
export const REMINDER_TYPES = ['webhook', 'add-to-journey', 'enduser-notification', 'user-notification', 'create-ticket'] as const;

/** { type: 'user' | 'enduser', id }: who posted, who attends. */
export const userIdentity = v.objectOf({ type: required(v.oneOf(SESSION_TYPES)), id: required(v.id) });

export const attendees = v.listOf(
  v.objectOf({ type: required(v.oneOf(SESSION_TYPES)), id: required(v.id), joinLinkToken: optional(v.text(250)) }),
);

const reminderTiming: Shape = {
  msBeforeStartTime: required(v.nonNegativeNumber),
  didRemind: optional(v.boolean),
  dontSendIfPassed: optional(v.boolean),
};
const notificationInfo = v.objectOf({ templateId: optional(v.id), channel: optional(v.oneOf(COMMUNICATION_CHANNELS)) });

export const reminders = v.listOf(
  byType({
    webhook: { info: optional(v.jsonObject(5000)), ...reminderTiming },
    'add-to-journey': { info: required(v.objectOf({ journeyId: required(v.id) })), ...reminderTiming },
    'enduser-notification': { info: optional(notificationInfo), ...reminderTiming },
    'user-notification': { info: optional(notificationInfo), ...reminderTiming },
    'create-ticket': { info: optional(v.objectOf({ title: optional(v.string(1000)) })), ...reminderTiming },
  }),
);

/** Terms a booking enduser agreed to, or a booking page shows: { title, link }. */
export const terms = v.listOf(v.objectOf({ title: required(v.string(1000)), link: required(v.string(5000)) }));

export const eventAttachments = v.listOf(
  v.objectOf({
    fileId: required(v.id),
    displayName: required(v.string(1000)),
    type: optional(v.string(100)),
    secureName: optional(v.string(250)),
  }),
);

export const eventPortalSettings = v.objectOf({ hideUsers: optional(v.boolean) });

export const enduserFormResponsesForEvent = v.listOf(
  v.objectOf({ enduserId: required(v.id), formId: required(v.id), accessCode: required(v.string(1000)) }),
);

export const enduserTasksForEvent = v.listOf(v.objectOf({ id: required(v.id), enduserId: required(v.id) }));

// ---------------------------------------------------------------------------------------------
// Content and community

/** Chat-style attachments (forum posts, managed content): { type, secureName, name? }. */
export const chatAttachments = v.listOf(
  v.objectOf({ type: required(v.string(100)), secureName: required(v.string(250)), name: optional(v.string()) }),
);

const mediaInfo = v.objectOf({
  link: required(v.text(5000)),
  name: optional(v.string()),
  height: optional(v.number()),
  maxHeight: optional(v.number()),
  width: optional(v.number()),
  maxWidth: optional(v.number()),
});

export const CONTENT_BLOCK_TYPES = ['h1', 'h2', 'html', 'image', 'pdf', 'youtube', 'iframe'] as const;

export const contentBlocks = v.listOf(
  byType({
    h1: { info: required(v.objectOf({ text: required(v.text(5000)) })) },
    h2: { info: required(v.objectOf({ text: required(v.text(5000)) })) },
    html: { info: required(v.objectOf({ html: required(v.text(25000)) })) },
    image: { info: required(mediaInfo) },
    pdf: { info: required(mediaInfo) },
    youtube: { info: required(mediaInfo) },
    iframe: { info: required(mediaInfo) },
  }),
);

export const PORTAL_BLOCK_TYPES = ['careTeam', 'education', 'carePlan', 'text'] as const;

export const portalBlocks = v.listOf(
  byType({
    careTeam: { info: required(v.objectOf({ title: required(v.string()), roles: optional(v.listOf(v.string(100))) })) },
    education: { info: optional(v.objectOf({})) },
    carePlan: { info: optional(v.objectOf({})) },
    text: { info: required(v.objectOf({ text: required(v.string(5000)) })) },
  }),
);

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
  state: optional(usState),
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
// Commerce and billing

export const CURRENCIES = ['USD'] as const;
export const PAYMENT_PROCESSORS = ['Stripe', 'Square'] as const;

export const cost = v.objectOf({ amount: required(v.nonNegativeNumber), currency: required(v.oneOf(CURRENCIES)) });

/** { type: 'Credit', info: { amount, currency } }. */
export const purchaseCreditValue = byType({
  Credit: { info: required(v.objectOf({ amount: required(v.number()), currency: required(v.oneOf(CURRENCIES)) })) },
});

/** Optional CPT code on products and purchases. */
export const billingCodeOptional = v.objectOf({ code: optional(numberOrString), label: optional(v.string()) });

export const address = v.objectOf({
  lineOne: required(v.string()),
  lineTwo: optional(v.string()),
  city: required(v.string()),
  state: required(usState),
  zipCode: required(v.string(100)),
  zipPlusFour: optional(v.string()),
  title: optional(v.string()),
});

export const superbillPatient = v.objectOf({
  name: required(v.string()),
  dateOfBirth: required(v.string()),
  phone: required(v.string()),
});

export const superbillProvider = v.objectOf({
  address: required(address),
  email: required(v.email),
  officeName: required(v.string()),
  phone: required(v.string()),
  taxId: required(v.string()),
  providerName: required(v.string()),
  providerLicense: required(v.string()),
  providerNPI: required(v.string()),
  placeOfServiceCode: optional(v.text()),
});

export const superbillLineItems = v.listOf(
  v.objectOf({
    billingCode: required(v.objectOf({ code: optional(numberOrString), label: required(v.string()) })),
    quantity: required(v.number()),
    cost: required(v.objectOf({ amount: required(v.number()), currency: required(v.string(100)) })),
    discount: optional(v.number()),
  }),
);

// ---------------------------------------------------------------------------------------------
// Analytics

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
// Observations

export const OBSERVATION_CATEGORIES = ['vital-signs'] as const;
export const OBSERVATION_STATUSES = [
  'entered-in-error', 'amended', 'cancelled', 'corrected', 'final', 'preliminary', 'registered', 'unknown',
] as const;

export const measurement = v.objectOf({ unit: required(v.string()), value: required(v.number()) });

// ---------------------------------------------------------------------------------------------
// Other choice lists

export const MANAGED_CONTENT_TYPES = ['Article', 'PDF', 'Video'] as const;
export const MANAGED_CONTENT_ASSIGNMENT_TYPES = ['All', 'By Tags', 'Manual', 'Individual'] as const;
export const MESSAGE_TEMPLATE_MODES = ['richtext', 'html'] as const;
export const AVAILABILITY_ENTITIES = ['organization', 'user'] as const;
