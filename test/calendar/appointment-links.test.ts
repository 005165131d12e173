import { createAppointmentLinkToken } from '@carelane/api/calendar/appointment-links';
import { startApi, type RunningApi } from '../support/api-server';
import { callWith } from '../identity/support';
import { book, bookingFixture, MINUTE } from './support';

/**
 * The confirmation's signed links at the api (docs/contract/api.md, Calendar and booking): each
 * works for its own purpose only, a used or outdated one says why, and the reschedule link's session
 * opens the booking calls and nothing else.
 */
describe('signed appointment links', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const tokenOf = (link: string) => new URL(link).searchParams.get('link')!;
  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
    const url = method === 'GET' ? `${api.host}/v1${path}?${new URLSearchParams(params)}` : `${api.host}/v1${path}`;
    const response = await fetch(url, method === 'GET' ? {} : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) });
    const text = await response.text();
    return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any };
  };

  const booked = async () => {
    const fixture = await bookingFixture(api);
    const { staff, template, page, terms, patient, monday } = fixture;
    const answer = (await book(patient.session, { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms, startTime: new Date(monday + 9 * 60 * MINUTE), timezone: 'America/New_York' })) as any;
    return { ...fixture, event: answer.createdEvent, links: answer.confirmation as { cancelLink: string; rescheduleLink: string; calendarLink: string; portalLink: string } };
  };

  test('book-appointment answers the links; each is refused for the other purpose and a forged one for any', async () => {
    const { links, event } = await booked();
    expect(links).toMatchObject({
      cancelLink: expect.stringContaining('/appointment/cancel?link='),
      rescheduleLink: expect.stringContaining('/appointment/reschedule?link='),
      calendarLink: expect.stringContaining('/appointment/calendar.ics?link='),
      portalLink: expect.stringMatching(/\/home$/),
    });
    const shown = await call('GET', '/appointment-by-link', { token: tokenOf(links.cancelLink), purpose: 'cancel' });
    expect(shown.status).toBe(200);
    expect(shown.body.appointment).toMatchObject({ title: 'Consultation', state: 'booked', timezone: 'America/New_York', startTimeInMS: event.startTimeInMS });
    expect(shown.body.appointment.when).toMatch(/ E[SD]T$/);

    expect(await call('GET', '/appointment-by-link', { token: tokenOf(links.cancelLink), purpose: 'reschedule' })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^This link cannot reschedule an appointment\./) } });
    expect((await call('POST', '/cancel-appointment-by-link', { token: tokenOf(links.rescheduleLink) })).body.message).toMatch(/^This link cannot cancel an appointment\./);
    expect((await call('POST', '/cancel-appointment-by-link', { token: tokenOf(links.calendarLink) })).status).toBe(400);
    expect((await call('POST', '/session-for-appointment-reschedule-link', { token: tokenOf(links.cancelLink) })).status).toBe(400);
    const forged = `${tokenOf(links.cancelLink).slice(0, -4)}AAAA`;
    expect((await call('POST', '/cancel-appointment-by-link', { token: forged })).body.message).toMatch(/^This link is not valid\./);
  });

  test('the reschedule link opens only the booking calls; the cancel link cancels once; after the start every link has expired', async () => {
    const { links, event, admin, patient, tenant } = await booked();
    const session = await call('POST', '/session-for-appointment-reschedule-link', { token: tokenOf(links.rescheduleLink) });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ calendarEventId: event.id, calendarEventTemplateId: event.templateId, bookingPageId: event.bookingPageId });
    // The patient's booking session: no records of theirs open with it.
    expect([401, 403]).toContain((await callWith(api.host, `Bearer ${session.body.authToken}`, `/v1/calendar-event/${event.id}`)).status);

    const cancelled = await call('POST', '/cancel-appointment-by-link', { token: tokenOf(links.cancelLink) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment.state).toBe('cancelled');
    const stored = (await admin.api.calendar_events.getOne(event.id)) as any;
    expect(stored.cancelledAt).toBeTruthy();
    expect(stored.cancelReason).toBe('Cancelled by the patient with the link in their confirmation email');
    expect(await call('POST', '/cancel-appointment-by-link', { token: tokenOf(links.cancelLink) })).toMatchObject({ status: 400, body: { message: 'This appointment is already cancelled.' } });
    expect((await call('GET', '/appointment-by-link', { token: tokenOf(links.cancelLink), purpose: 'cancel' })).body.appointment.state).toBe('cancelled');
    expect((await call('POST', '/session-for-appointment-reschedule-link', { token: tokenOf(links.rescheduleLink) })).body.message).toBe('This appointment is already cancelled.');

    // A link for an appointment that has started (signed as the api signs, with its secret).
    const past = await admin.api.calendar_events.createOne({ title: 'Earlier', startTimeInMS: Date.now() - 5 * MINUTE, durationInMinutes: 30, attendees: [{ type: 'enduser', id: patient.enduser.id }] } as never);
    const started = createAppointmentLinkToken(api.config.jwtSecret, { purpose: 'cancel', calendarEventId: past.id, enduserId: patient.enduser.id, expiresAt: Date.now() - 5 * MINUTE });
    expect(await call('POST', '/cancel-appointment-by-link', { token: started })).toMatchObject({ status: 400, body: { message: 'This link has expired: the appointment has already started.' } });
    expect((await admin.api.calendar_events.getOne(past.id)).cancelledAt).toBeFalsy();
    // A link naming someone who is not the appointment's patient opens nothing.
    const stranger = createAppointmentLinkToken(api.config.jwtSecret, { purpose: 'cancel', calendarEventId: past.id, enduserId: tenant.businessId, expiresAt: Date.now() + 60 * MINUTE });
    expect((await call('POST', '/cancel-appointment-by-link', { token: stranger })).body.message).toMatch(/^This link is not valid\./);
  });
});
