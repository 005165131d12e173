import { FieldError } from '../validation/field-error';
import * as v from '../validation/validators';
import { attendees, enduserFormResponsesForEvent, enduserTasksForEvent, eventAttachments, eventPortalSettings, MEETING_STATUSES, reminders, terms, VIDEO_INTEGRATIONS } from '../validation/calendar-validators';
import { counter, defineResource, field } from './define';

/** Appointments and other scheduled events; endusers see the ones they attend. */
export const calendar_events = defineResource({
  name: 'calendar_events',
  fields: {
    // Basics
    title: field.string({ required: true, max: 250, searchable: true }),
    displayTitle: field.string({ max: 250 }),
    description: field.text({ max: 5000 }),
    displayDescription: field.text({ max: 5000 }),
    type: field.string({ max: 100, indexed: true }),
    startTimeInMS: field.nonNegative({ required: true, indexed: true }),
    durationInMinutes: field.nonNegative({ required: true }),
    // The reference client's group events: how many endusers may attend (stored; issue 12).
    enduserAttendeeLimit: field.nonNegative(),
    timezone: field.string({ max: 100 }),
    color: field.string({ max: 1000 }),
    image: field.string({ max: 5000 }),
    // Location
    locationId: field.id(),
    location: field.string({ max: 1000 }),
    locationURL: field.string({ max: 1000 }),
    locationNotes: field.text({ max: 5000 }),
    phone: field.string({ max: 100 }),
    // Video and meeting: the meeting and its status are written by the start / end meeting calls
    meetingId: field.id({ readonly: true }),
    meetingStatus: field.oneOf(MEETING_STATUSES, { readonly: true }),
    enableVideoCall: field.boolean(),
    videoIntegration: field.oneOf(VIDEO_INTEGRATIONS),
    videoURL: field.string(),
    // Booking
    bookingPageId: field.id(),
    wasSelfScheduled: field.boolean(),
    agreedToTerms: field.json(terms),
    // Lifecycle ('' clears a stamp)
    cancelledAt: field.custom('date', v.dateOrEmpty),
    rescheduledAt: field.custom('date', v.dateOrEmpty),
    noShowedAt: field.custom('date', v.dateOrEmpty),
    completedAt: field.custom('date', v.dateOrEmpty),
    rescheduledTo: field.id(),
    cancelReason: field.text({ max: 5000 }),
    // Links
    chatRoomId: field.id({ references: { resource: 'chat_rooms', onDelete: 'unset' } }),
    carePlanId: field.id({ references: { resource: 'care_plans', onDelete: 'unset' } }),
    templateId: field.id({ references: { resource: 'calendar_event_templates', onDelete: 'none' } }),
    externalId: field.string({ max: 1000, indexed: true }),
    source: field.string(),
    // Attendees
    attendees: field.json(attendees, { default: () => [] }),
    numRSVPs: counter(),
    /** Indexed: an enduser reads the events they attend or that are public (the policy's `flag`), one index for each half. */
    publicRead: field.boolean({ indexed: true }),
    // Portal content
    attachments: field.json(eventAttachments),
    sharedContentIds: field.ids(),
    enduserFormResponses: field.json(enduserFormResponsesForEvent),
    enduserTasks: field.json(enduserTasksForEvent),
    portalSettings: field.json(eventPortalSettings),
    fields: field.json(v.customFields),
    instructions: field.text({ max: 5000 }),
    tags: field.strings({ max: 250 }),
    reminders: field.json(reminders, { default: () => [] }),
  },
  check: (record, { actor }) => {
    if (actor?.type === 'enduser' && record.publicRead) throw new FieldError('Enduser cannot create or update public events');
  },
  // For each enduser attendee; a moved start is a reschedule of its own, once per new start.
  // A patient's appointments (their timeline, the portal's Home) are found by attendee.
  indexes: [{ kind: 'contains', field: 'attendees' }],
  triggers: [
    { type: 'Appointment Created', when: { created: true }, enduser: { attendees: 'attendees' }, source: { suffix: 'created' }, matches: 'appointment' },
    { type: 'Appointment Cancelled', when: { set: ['cancelledAt'] }, enduser: { attendees: 'attendees' }, source: { suffix: 'cancelled' }, matches: 'appointment' },
    { type: 'Appointment Completed', when: { set: ['completedAt'] }, enduser: { attendees: 'attendees' }, source: { suffix: 'completed' }, matches: 'appointment' },
    { type: 'Appointment No-Showed', when: { set: ['noShowedAt'] }, enduser: { attendees: 'attendees' }, source: { suffix: 'noshow' }, matches: 'appointment' },
    // Marked as moved (book-appointment's reschedule stamps rescheduledAt with the new event).
    {
      type: 'Appointment Rescheduled',
      when: { set: ['rescheduledAt', 'rescheduledTo'] },
      enduser: { attendees: 'attendees' },
      source: { suffix: 'rescheduled' },
      matches: 'appointment',
    },
    {
      type: 'Appointment Rescheduled',
      when: { changed: 'startTimeInMS' },
      enduser: { attendees: 'attendees' },
      source: { suffix: 'moved-', suffixField: 'startTimeInMS' },
      matches: 'appointment',
    },
  ],
  // Each event with reminders has a reminders run, told when it moves, is cancelled, or its reminders change.
  // A cancelled or moved event's start is offered down the waitlist (docs/decisions.md, "The waitlist").
  automation: {
    reminders: { fields: ['startTimeInMS', 'reminders', 'cancelledAt'], list: 'reminders', cancelledField: 'cancelledAt' },
    freesTime: { startField: 'startTimeInMS', endedFields: ['cancelledAt', 'rescheduledAt'] },
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  policy: {
    staff: {
      assigned: { anyOf: [{ listsMe: 'attendees', shape: 'attendees' }, { mine: 'creator' }, { assignedEnduser: 'attendees', shape: 'attendees' }] },
      unconfigured: { levels: { read: 'Assigned', update: 'Assigned', delete: 'Assigned' } },
    },
    // Events an enduser attends, and public ones.
    enduser: { scope: { anyOf: [{ listsMe: 'attendees', shape: 'attendees' }, { flag: 'publicRead' }] } },
  },
  example: {
    title: 'Initial consultation',
    startTimeInMS: 1767261600000,
    durationInMinutes: 30,
    attendees: [{ type: 'enduser', id: '000000000000000000000000' }],
    reminders: [{ type: 'enduser-notification', msBeforeStartTime: 3_600_000, info: { channel: 'Email' } }],
  },
});
