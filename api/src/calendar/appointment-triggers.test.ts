import { triggerEventsFor } from '../automation/trigger-events';
import type { DomainEvent } from '@carelane/engine';

/** The automation events a booking's changes amount to (book-appointment writes through the engine). */
describe('appointment trigger events of booked and rescheduled events', () => {
  const attendees = [{ type: 'user', id: 'u1' }, { type: 'enduser', id: 'e1' }];
  const base = { _id: 'ev1', title: 'Consultation', templateId: 't1', attendees, startTimeInMS: 1 };
  const types = (event: Partial<DomainEvent>) =>
    triggerEventsFor({ resource: 'calendar_events', businessId: 'b', kind: 'updated', record: base, ...event } as DomainEvent).map((f) => [f.type, f.enduserId, f.sourceId]);

  test('created fires Appointment Created for each enduser attendee', () => {
    expect(types({ kind: 'created' })).toEqual([['Appointment Created', 'e1', 'ev1-created']]);
  });

  test("a reschedule's mark (rescheduledTo, with rescheduledAt stamped in the booking's transaction) fires Appointment Rescheduled once", () => {
    const stamped = { ...base, rescheduledAt: new Date() };
    expect(types({ record: { ...stamped, rescheduledTo: 'ev2' }, previous: stamped, changes: { rescheduledAt: stamped.rescheduledAt, rescheduledTo: 'ev2', reminders: [] } })).toEqual([
      ['Appointment Rescheduled', 'e1', 'ev1-rescheduled'],
    ]);
    // Staff stamping rescheduledAt by hand also counts.
    expect(types({ record: stamped, previous: base, changes: { rescheduledAt: stamped.rescheduledAt } })).toEqual([['Appointment Rescheduled', 'e1', 'ev1-rescheduled']]);
  });

  test('cancelling fires Appointment Cancelled; the template id is matched', () => {
    const cancelled = triggerEventsFor({ resource: 'calendar_events', businessId: 'b', kind: 'updated', record: { ...base, cancelledAt: new Date() }, previous: base, changes: { cancelledAt: new Date() } } as DomainEvent);
    expect(cancelled.map((f) => f.type)).toEqual(['Appointment Cancelled']);
    expect(cancelled[0].matches({ templateIds: ['t1'] })).toBe(true);
    expect(cancelled[0].matches({ templateIds: ['other'] })).toBe(false);
  });
});
