import { eventPortalSettings, reminders, VIDEO_INTEGRATIONS } from '../validation/calendar-validators';
import { defineResource, field } from './define';

/** Appointment types: what booking creates events from. */
export const calendar_event_templates = defineResource({
  name: 'calendar_event_templates',
  fields: {
    title: field.string({ required: true, max: 250, searchable: true }),
    displayTitle: field.string({ max: 250 }),
    description: field.text({ max: 5000 }),
    displayDescription: field.text({ max: 5000 }),
    type: field.string({ max: 100 }),
    durationInMinutes: field.nonNegative({ required: true }),
    color: field.string({ max: 1000 }),
    image: field.string({ max: 5000 }),
    portalSettings: field.json(eventPortalSettings),
    productIds: field.ids(),
    publicRead: field.boolean(),
    // Video and scheduling
    enableVideoCall: field.boolean(),
    videoIntegration: field.oneOf(VIDEO_INTEGRATIONS),
    enableSelfScheduling: field.boolean(),
    restrictedByState: field.boolean(),
    bufferStartMinutes: field.number(),
    bufferEndMinutes: field.number(),
    // The reference client's group events: how many endusers an event made from this type may hold (stored; issue 12).
    enduserAttendeeLimit: field.nonNegative(),
    reminders: field.json(reminders, { default: () => [] }),
    confirmationEmailDisabled: field.boolean(),
    confirmationSMSDisabled: field.boolean(),
    // Copied onto the care plan of a booked event
    carePlanForms: field.ids(),
    carePlanContent: field.ids(),
    carePlanFiles: field.ids(),
    carePlanTasks: field.strings(),
    instructions: field.text({ max: 5000 }),
    tags: field.strings({ max: 250 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: { title: 'Initial consultation', durationInMinutes: 30, enableSelfScheduling: true },
});
