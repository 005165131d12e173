import { MEETING_STATUSES } from '../validation/calendar-validators';
import { defineResource, field } from './define';

/**
 * Video meetings. They are started, joined and ended by the meeting calls (start-meeting,
 * end-meeting ...); status, attendees and the provider's meeting info are never set by clients.
 */
export const meetings = defineResource({
  name: 'meetings',
  fields: {
    // scheduled, then live, then ended
    status: field.oneOf(MEETING_STATUSES, { readonly: true, default: () => 'scheduled', indexed: true }),
    attendees: field.server('json', { default: () => [] }),
    meetingInfo: field.server('json'),
    publicRead: field.boolean(),
    endedAt: field.date(),
  },
  access: { user: ['read', 'update'], enduser: ['read'] },
  policy: {
    staff: { assigned: { anyOf: [{ listsMe: 'attendees', shape: 'attendees' }, { mine: 'creator' }] } },
    enduser: { scope: { anyOf: [{ listsMe: 'attendees', shape: 'attendees' }, { flag: 'publicRead' }] } },
  },
  example: { publicRead: false },
});

