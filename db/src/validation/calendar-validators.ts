import * as v from './validators';
import { fail } from './field-error';
import type { Shape } from './validators';
import { COMMUNICATION_CHANNELS } from './messaging-validators';

/**
 * Nested shapes of the calendar: events and their templates, reminders, attendees, booking pages,
 * video meetings and availability (docs/contract/entities.md#calendar-and-booking), with the
 * details the contract leaves out taken from the reference client's contract. Every object rejects
 * unknown keys, as objectOf does.
 */

const { required, optional, byType } = v;

export const SESSION_TYPES = ['user', 'enduser'] as const;
export const MEETING_STATUSES = ['scheduled', 'live', 'ended'] as const;
export const VIDEO_INTEGRATIONS = ['Zoom', 'No Integration'] as const;
export const REMINDER_TYPES = ['webhook', 'add-to-journey', 'enduser-notification', 'user-notification', 'create-ticket'] as const;
export const AVAILABILITY_ENTITIES = ['organization', 'user'] as const;

const activeRange = v.objectOf({ from: v.optional(v.date), to: v.optional(v.date) });

/**
 * Whether weekly hours apply: false pauses them; a date range ({ from?, to? }, the reference client's
 * DateRange) limits them to those dates; true or absent, always.
 */
export const availabilityActive: v.Validator<boolean | Record<string, unknown>> = (value) => {
  if (typeof value === 'boolean') return value;
  return v.isObject(value) ? activeRange(value) : fail('Expecting true, false or a date range { from, to }');
};

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
