import { FieldError } from '../validation/field-error';
import { defineResource, field } from './define';

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'cancelled'] as const;
export const WAITLIST_CHANNELS = ['Email', 'SMS'] as const;

export const WAITLIST_MESSAGES = {
  rangeOrder: 'The end of the date range must be after its start',
} as const;

/**
 * A waitlist request: a patient waiting for an appointment of one type (and optionally one staff member or location)
 * whose start falls in [fromTimeInMS, toTimeInMS). Patients join through POST /join-waitlist; a freed
 * slot is offered to the first matching entry (docs/decisions.md, "The waitlist"). The offer itself
 * (its held link) lives in the internal waitlist_holds table; the entry shows whether one is out.
 */
export const waitlist_requests = defineResource({
  name: 'waitlist_requests',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    calendarEventTemplateId: field.id({ required: true, references: { resource: 'calendar_event_templates', onDelete: 'cascade' } }),
    userId: field.id(),
    locationId: field.id(),
    bookingPageId: field.id(),
    fromTimeInMS: field.nonNegative({ required: true }),
    toTimeInMS: field.nonNegative({ required: true }),
    /** How offers reach the patient. */
    channel: field.oneOf(WAITLIST_CHANNELS, { default: () => 'Email' }),
    /** The patient's clock, for the times in offers. */
    timezone: field.string({ max: 100 }),
    status: field.oneOf(WAITLIST_STATUSES, { indexed: true, default: () => 'waiting' }),
    /** While an offer is out: until when the offered time is held. */
    offeredUntil: field.server('date'),
    /** The appointment booked through an offer. */
    calendarEventId: field.server('id'),
  },
  check: (record) => {
    if (Number(record.toTimeInMS) <= Number(record.fromTimeInMS)) throw new FieldError(WAITLIST_MESSAGES.rangeOrder);
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    enduserId: '000000000000000000000000',
    calendarEventTemplateId: '000000000000000000000000',
    fromTimeInMS: 1767261600000,
    toTimeInMS: 1767866400000,
  },
});
