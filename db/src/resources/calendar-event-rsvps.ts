import { defineResource, field } from './define';

/** A response to a (group) calendar event; keeps the event's numRSVPs. */
export const calendar_event_RSVPs = defineResource({
  name: 'calendar_event_RSVPs',
  fields: {
    eventId: field.id({ required: true, updatable: false, references: { resource: 'calendar_events', onDelete: 'cascade' } }),
    displayName: field.string({ max: 1000 }),
    avatar: field.string({ max: 1000 }),
    status: field.string({ max: 1000 }),
    /** 'user' or 'enduser': the type of the session that created the RSVP. */
    creatorType: field.server('text'),
  },
  countsInto: [{ via: 'eventId', resource: 'calendar_events', counter: 'numRSVPs' }],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read', 'update', 'delete'] },
  // RSVPs follow their event; endusers change only their own.
  policy: { enduser: { scope: { parent: { resource: 'calendar_events', via: 'eventId' } }, updatesOwnOnly: true } },
  onCreate: (_record, actor) => ({ creatorType: actor.type }),
  example: { eventId: '000000000000000000000000', displayName: 'Pat', status: 'Going' },
});
