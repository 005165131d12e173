import { parseCreate, parseUpdate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ID, message } from './definition-test-kit';

/**
 * Calendar definitions without a database: events, their templates and RSVPs, video meetings,
 * booking pages, locations and availability, with the rules of
 * docs/contract/entities.md#calendar-and-booking, validation.md and access.md and their exact messages.
 */

const { definitions, def, create, createError, updateError, enduserAccess } = definitionKit('calendar');

describe('calendar resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers only the access of seeds 000 §6', () => {
    expect(enduserAccess()).toMatchObject({
      calendar_events: ['read', 'update'],
      meetings: ['read'],
      availability_blocks: [],
    });
  });

  describe('calendar_events', () => {
    it('starts with no RSVPs, attendees or reminders and keeps numRSVPs and meetingStatus server-side', () => {
      const { attendees: _a, reminders: _r, ...rest } = def('calendar_events').example;
      const record = parseCreate(def('calendar_events'), rest);
      expect(record).toMatchObject({ numRSVPs: 0, attendees: [], reminders: [] });
      expect(createError('calendar_events', { numRSVPs: 3 })).toBe('Error parsing field numRSVPs: This field cannot be updated');
      expect(createError('calendar_events', { meetingStatus: 'live' })).toBe('Error parsing field meetingStatus: This field cannot be updated');
      expect(message(() => parseUpdate(def('calendar_events'), {}, { numRSVPs: 1 }))).toBe('Error parsing field numRSVPs: This field cannot be updated');
    });

    it('checks reminders by type', () => {
      expect(createError('calendar_events', { reminders: [{ type: 'fax', msBeforeStartTime: 1 }] })).toBe(
        'Error parsing field reminders: Value must match one of webhook, add-to-journey, enduser-notification, user-notification, create-ticket',
      );
      expect(createError('calendar_events', { reminders: [{ type: 'webhook', msBeforeStartTime: -1 }] })).toBe(
        'Error parsing field reminders: Not a valid number for [0-10000000000000]',
      );
      expect(createError('calendar_events', { reminders: [{ type: 'add-to-journey', msBeforeStartTime: 1, info: {} }] })).toBe(
        'Error parsing field reminders: missing value for journeyId',
      );
      const record = create('calendar_events', {
        reminders: [
          { type: 'webhook', msBeforeStartTime: 0, didRemind: true, info: { any: 'thing' } },
          { type: 'add-to-journey', msBeforeStartTime: 60_000, info: { journeyId: ID } },
          { type: 'create-ticket', msBeforeStartTime: 60_000 },
        ],
      });
      expect((record.reminders as unknown[]).length).toBe(3);
    });

    it('checks attendees and accepts an empty string to clear lifecycle stamps', () => {
      expect(createError('calendar_events', { attendees: [{ type: 'robot', id: ID }] })).toBe(
        'Error parsing field attendees: Value must match one of user, enduser',
      );
      expect(createError('calendar_events', { attendees: [{ type: 'user' }] })).toBe('Error parsing field attendees: missing value for id');
      expect(create('calendar_events', { cancelledAt: '' }).cancelledAt).toBeNull();
      expect(create('calendar_events', { cancelledAt: '2026-01-01T00:00:00.000Z' }).cancelledAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
      expect(createError('calendar_events', { noShowedAt: 'soon' })).toBe('Error parsing field noShowedAt: Invalid date');
    });

    it('indexes startTimeInMS for time-range filters', () => {
      expect(def('calendar_events').fields.startTimeInMS.indexed).toBe(true);
    });
  });

  describe('calendar_event_RSVPs', () => {
    it('counts RSVPs into their event and removes them with it', () => {
      expect(def('calendar_event_RSVPs').fields.eventId.references).toEqual({ resource: 'calendar_events', onDelete: 'cascade' });
      expect(def('calendar_event_RSVPs').countsInto).toEqual([{ via: 'eventId', resource: 'calendar_events', counter: 'numRSVPs' }]);
      expect(createError('calendar_event_RSVPs', { creatorType: 'user' })).toBe('Error parsing field creatorType: This field cannot be updated');
    });
  });

  describe('meetings', () => {
    it('starts scheduled, and status and attendees change only through the meeting calls', () => {
      expect(create('meetings')).toMatchObject({ status: 'scheduled', attendees: [] });
      expect(createError('meetings', { status: 'live' })).toBe('Error parsing field status: This field cannot be updated');
      expect(updateError('meetings', { status: 'ended' })).toBe('Error parsing field status: This field cannot be updated');
      // A different list (sending back the stored one is no change, so it is not refused).
      expect(updateError('meetings', { attendees: [{ type: 'user', id: '000000000000000000000001' }] })).toBe('Error parsing field attendees: This field cannot be updated');
      expect(def('meetings').access?.user).not.toContain('create');
    });
  });

  describe('booking', () => {
    it('declares the spec uniqueness rules', () => {
      expect(def('appointment_booking_pages').unique).toEqual([['title']]);
      expect(def('appointment_locations').unique).toEqual([['title']]);
    });
  });

  describe('availability_blocks', () => {
    it('checks availability block days and minutes', () => {
      expect(createError('availability_blocks', { dayOfWeekStartingSundayIndexedByZero: 7 })).toBe(
        'Error parsing field dayOfWeekStartingSundayIndexedByZero: Not a valid number for [0-6]',
      );
      expect(createError('availability_blocks', { entity: 'team' })).toBe('Error parsing field entity: Value must match one of organization, user');
      expect(createError('availability_blocks', { active: 'yes' })).toBe('Error parsing field active: Expecting true, false or a date range { from, to }');
      expect(createError('availability_blocks', { active: { from: 'soon' } })).toBe('Error parsing field active: Invalid date');
    });
  });
});
