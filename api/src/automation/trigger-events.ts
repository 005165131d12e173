import { enduserValue } from '@carelane/automation';
import type { DomainEvent } from '../resources/engine';

type Row = Record<string, any>;

/** One automation-trigger event a domain change amounts to, for one enduser. */
export interface TriggerFiring {
  type: string;
  enduserId: string;
  /** The record and moment that fired it: the same source never runs a trigger twice. */
  sourceId?: string;
  /** Whether a trigger's `event.info` accepts this firing (form ids, titles, field and value ...). */
  matches: (info: Row) => boolean;
}

/**
 * 'Field Equals': the enduser's field (a top-level field or a custom field) now equals the value.
 * For `tags` it means the tag is now among the enduser's tags ("tags added").
 */
const fieldEquals = (enduser: Row | undefined, field: string, value: string) => {
  if (!enduser) return false;
  const current = enduserValue(enduser, field);
  if (Array.isArray(current)) return current.map(String).includes(String(value));
  if (current === undefined || current === null) return false;
  return String(current).toLowerCase() === String(value).toLowerCase();
};

const enduserAttendees = (event: Row) =>
  ((event.attendees as { type: string; id: string }[] | null) ?? []).filter((attendee) => attendee.type === 'enduser').map((attendee) => attendee.id);

const appointmentMatches = (event: Row) => (info: Row) =>
  (!Array.isArray(info.titles) || info.titles.length === 0 || info.titles.includes(event.title)) &&
  (!Array.isArray(info.templateIds) || info.templateIds.length === 0 || info.templateIds.includes(event.templateId));

const newlySet = (event: DomainEvent, field: string) => Boolean(event.changes?.[field]) && !event.previous?.[field];

/** The trigger events (seeds 000 §3 automation_triggers) a committed change amounts to. */
export const triggerEventsFor = (event: DomainEvent): TriggerFiring[] => {
  const record = event.record as Row;
  switch (event.resource) {
    case 'form_responses': {
      const submittedNow = event.kind === 'created' ? Boolean(record.submittedAt) : event.kind === 'updated' && newlySet(event, 'submittedAt');
      if (!submittedNow || !record.enduserId) return [];
      return [
        {
          type: 'Form Submitted',
          enduserId: record.enduserId,
          sourceId: record._id,
          matches: (info) => {
            const formMatches = info.formId === record.formId || (Array.isArray(info.otherFormIds) && info.otherFormIds.includes(record.formId));
            const byEnduser = record.submittedBy === record.enduserId;
            const submitterMatches = !info.submitterType || info.submitterType === 'Anyone' || (info.submitterType === 'enduser') === byEnduser;
            return formMatches && submitterMatches;
          },
        },
      ];
    }
    case 'endusers': {
      if (event.kind === 'deleted') return [];
      const firings: TriggerFiring[] = [];
      if (event.kind === 'created') firings.push({ type: 'Contact Created', enduserId: record._id, sourceId: `created-${record._id}`, matches: () => true });
      firings.push({
        type: 'Field Equals',
        enduserId: record._id,
        matches: (info) =>
          fieldEquals(record, info.field, info.value) && !fieldEquals(event.kind === 'updated' ? event.previous : undefined, info.field, info.value),
      });
      return firings;
    }
    case 'calendar_events': {
      if (event.kind === 'deleted') return [];
      const types: { type: string; slug: string }[] = [];
      if (event.kind === 'created') types.push({ type: 'Appointment Created', slug: 'created' });
      if (event.kind === 'updated') {
        if (newlySet(event, 'cancelledAt')) types.push({ type: 'Appointment Cancelled', slug: 'cancelled' });
        if (newlySet(event, 'completedAt')) types.push({ type: 'Appointment Completed', slug: 'completed' });
        if (newlySet(event, 'noShowedAt')) types.push({ type: 'Appointment No-Showed', slug: 'noshow' });
        // Marked as moved (rescheduledTo: book-appointment's reschedule, which stamps rescheduledAt with the new event).
        if (newlySet(event, 'rescheduledAt') || newlySet(event, 'rescheduledTo')) types.push({ type: 'Appointment Rescheduled', slug: 'rescheduled' });
        if (event.changes?.startTimeInMS !== undefined && event.previous?.startTimeInMS !== record.startTimeInMS) {
          types.push({ type: 'Appointment Rescheduled', slug: `moved-${record.startTimeInMS}` });
        }
      }
      return types.flatMap(({ type, slug }) =>
        enduserAttendees(record).map((enduserId) => ({ type, enduserId, sourceId: `${record._id}-${slug}`, matches: appointmentMatches(record) }))
      );
    }
    case 'purchases':
      if (event.kind !== 'created' || !record.enduserId) return [];
      return [{ type: 'Purchase Made', enduserId: record.enduserId, sourceId: record._id, matches: () => true }];
    default:
      return [];
  }
};
