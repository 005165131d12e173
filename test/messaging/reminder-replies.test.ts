import { remindersWorkflowId } from '@carelane/workflows/constants';
import { startAutomations, waitFor, type Automations } from '../automations/support';
import { uniquePhone } from './support';
import { claimNumber, incomingText, postAsTwilio, TWILIO_TEST_TOKEN, twimlMessages } from './inbound-support';

/** Answers to an appointment reminder text (docs/decisions.md, issue 33): C cancels once, Y confirms, R answers the booking link. */
describe('replies to reminder texts', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
  });
  afterAll(async () => {
    await automations?.stop();
  });

  /** An appointment an hour ahead whose SMS reminder is due now, and a second reminder due in 30 minutes. */
  const remindedAppointment = async () => {
    const { sdk, tenant, userId } = await automations.session();
    const clinic = uniquePhone();
    await claimNumber(sdk, tenant.businessId, clinic);
    const phone = uniquePhone();
    const patient = await sdk.api.endusers.createOne({ fname: 'Rae', phone });
    const start = Date.now() + 60 * 60_000;
    const event = await sdk.api.calendar_events.createOne({
      title: 'Check-up',
      startTimeInMS: start,
      durationInMinutes: 30,
      attendees: [{ type: 'user', id: userId }, { type: 'enduser', id: patient.id }],
      reminders: [
        { type: 'enduser-notification', info: { channel: 'SMS' }, msBeforeStartTime: 60 * 60_000 - 1_000 },
        { type: 'enduser-notification', info: { channel: 'SMS' }, msBeforeStartTime: 30 * 60_000 },
      ],
    } as never);
    const [reminder] = await waitFor(() => sdk.api.sms_messages.getSome({ filter: { enduserId: patient.id } }), (rows) => rows.some((row) => row.delivered), 'the reminder text');
    return { sdk, tenant, clinic, phone, patient, event, reminder };
  };

  test('C cancels the appointment, stops its reminders and frees the slot, once; a second C changes and sends nothing', async () => {
    const { sdk, clinic, phone, patient, event, reminder } = await remindedAppointment();
    expect(reminder.journeyContext).toMatchObject({ calendarEventId: event.id });
    const first = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'C'));
    expect(first.status).toBe(200);
    expect(twimlMessages(first.text)).toEqual([expect.stringMatching(/^Your appointment Check-up on .+ is cancelled\.$/)]);
    const cancelled = await sdk.api.calendar_events.getOne(event.id);
    expect(cancelled.cancelledAt).toBeTruthy();
    // Its reminders workflow heard the cancellation and ended; the second reminder is never sent.
    const handle = (await automations.temporal()).workflow.getHandle(remindersWorkflowId(cancelled.businessId, event.id));
    await waitFor(async () => (await handle.describe()).status.name, (status) => status !== 'RUNNING', 'the reminders to stop');
    // The slot is free: availability leaves cancelled events out.
    // raw SQL in the test: the same condition availability reads (api/src/calendar/availability-data.ts).
    const [busy] = await automations.api.dataSource.query(`SELECT count(*)::int AS n FROM calendar_events WHERE _id = $1 AND "cancelledAt" IS NULL`, [event.id]);
    expect(busy.n).toBe(0);

    const second = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'c'));
    expect(second.status).toBe(200);
    expect(twimlMessages(second.text)).toEqual([]);
    expect((await sdk.api.calendar_events.getOne(event.id)).cancelledAt).toEqual(cancelled.cancelledAt);
    const texts = await sdk.api.sms_messages.getSome({ filter: { enduserId: patient.id } });
    expect(texts.filter((text) => text.inbound).map((text) => text.message).sort()).toEqual(['C', 'c']);
    expect(texts.filter((text) => text.logOnly && !text.inbound)).toHaveLength(1);
  });

  test('Y confirms with an RSVP of the patient; R answers the booking link; other words only reach the inbox', async () => {
    const { sdk, tenant, clinic, phone, patient, event } = await remindedAppointment();
    const yes = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'Y'));
    expect(twimlMessages(yes.text)).toEqual([expect.stringMatching(/is confirmed\.$/)]);
    const rsvps = await sdk.api.calendar_event_RSVPs.getSome({ filter: { eventId: event.id } });
    expect(rsvps).toHaveLength(1);
    expect(rsvps[0]).toMatchObject({ status: 'Accepted', creator: patient.id, creatorType: 'enduser' });
    expect(twimlMessages((await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'y'))).text)).toEqual([]);

    const page = await sdk.api.appointment_booking_pages.createOne({ title: 'Book', calendarEventTemplateIds: [], locationIds: [] } as never);
    const reschedule = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'R'));
    const [answer] = twimlMessages(reschedule.text);
    expect(answer).toContain(`/appointment-booking-page?businessId=${tenant.businessId}&appointmentBookingPageId=${page.id}&rescheduledCalendarEventId=${event.id}`);

    const other = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'Can I bring my son?'));
    expect(twimlMessages(other.text)).toEqual([]);
    expect((await sdk.api.calendar_events.getOne(event.id)).cancelledAt).toBeFalsy();
  });
});
