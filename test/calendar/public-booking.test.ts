import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { callWith, uniqueEmail } from '../identity/support';
import { allEvents, availability, book, bookingFixture, DAY } from './support';

describe('public appointment booking: page details and booking session', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const anonymous = (businessId: string) => new EnduserSession({ host: api.host, businessId });

  test('GET /details-for-appointment-booking-page answers the page, its templates and locations, and the user’s name and avatar, without a session', async () => {
    const { tenant, admin, staff, template, page } = await bookingFixture(api);
    const location = await admin.api.appointment_locations.createOne({ title: 'Main Street', state: 'CA' } as never);
    const second = await admin.api.calendar_event_templates.createOne({ title: 'Follow-up', durationInMinutes: 15, enableSelfScheduling: true } as never);
    await admin.api.calendar_event_templates.createOne({ title: 'Not on the page', durationInMinutes: 15 } as never);
    await admin.api.appointment_booking_pages.updateOne(page.id, { calendarEventTemplateIds: [second.id], locationIds: [location.id], primaryColor: '#123456' } as never);
    await admin.api.users.updateOne(staff.user.id, { fname: 'Dana', lname: 'Reyes', avatar: 'https://example.com/dana.png' } as never);

    const details = (await anonymous(tenant.businessId).api.calendar_events.details_for_appointment_booking_page({
      appointmentBookingPageId: page.id,
      businessId: tenant.businessId,
      userId: staff.user.id,
    })) as any;
    expect(details.appointmentBookingPage).toMatchObject({ id: page.id, title: 'Book now', primaryColor: '#123456', businessId: tenant.businessId });
    expect(details.calendarEventTemplates.map((t: any) => [t.id, t.title, t.durationInMinutes, t.businessId])).toEqual([
      [template.id, 'Consultation', 30, tenant.businessId],
      [second.id, 'Follow-up', 15, tenant.businessId],
    ]);
    expect(details.locations.map((l: any) => l.title)).toEqual(['Main Street']);
    expect(details).toMatchObject({ userDisplayName: 'Dana Reyes', userAvatar: 'https://example.com/dana.png' });
    expect(JSON.stringify(details)).not.toMatch(/hashedPassword|staff-.*@example.com/);

    const other = await bookingFixture(api);
    for (const args of [
      { appointmentBookingPageId: other.page.id, businessId: tenant.businessId },
      { appointmentBookingPageId: '0123456789abcdef01234567', businessId: tenant.businessId },
    ]) {
      await expect(anonymous(tenant.businessId).api.calendar_events.details_for_appointment_booking_page(args)).rejects.toMatchObject({ message: 'Unknown page' });
    }
  });

  test('POST /session-for-public-appointment-booking finds or creates the enduser; its token books and does nothing else', async () => {
    const { tenant, admin, staff, template, page, terms, monday } = await bookingFixture(api);
    const email = uniqueEmail('visitor');
    const args = { email, calendarEventTemplateId: template.id, businessId: tenant.businessId, fname: 'Vic', lname: 'Tor', dateOfBirth: '01-02-1990', phone: '+15555550123' };
    const first = (await anonymous(tenant.businessId).api.calendar_events.session_for_public_appointment_booking(args)) as { authToken: string };
    const again = (await anonymous(tenant.businessId).api.calendar_events.session_for_public_appointment_booking(args)) as { authToken: string };
    expect(typeof first.authToken).toBe('string');
    const visitors = await admin.api.endusers.getSome({ filter: { email } } as never);
    expect(visitors).toHaveLength(1);
    expect(visitors[0]).toMatchObject({ fname: 'Vic', lname: 'Tor', dateOfBirth: '01-02-1990' });

    const widget = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: again.authToken });
    const details = (await widget.api.calendar_events.details_for_appointment_booking_page({ appointmentBookingPageId: page.id, businessId: tenant.businessId })) as any;
    expect(details.appointmentBookingPage.id).toBe(page.id);
    const slots = await availability(widget, { calendarEventTemplateId: template.id, bookingPageId: page.id, from: new Date(monday), to: new Date(monday + DAY) });
    expect(slots).toHaveLength(6);
    const { createdEvent } = await book(widget, { calendarEventTemplateId: template.id, userId: staff.user.id, startTime: new Date(slots[0].startTimeInMS), bookingPageId: page.id, agreedToTerms: terms });
    expect(createdEvent.attendees).toContainEqual({ type: 'enduser', id: visitors[0].id });
    expect((await allEvents(admin)).map((event) => event.id)).toEqual([createdEvent.id]);

    // Anything else with the booking token is unauthenticated: records, profile, session info.
    for (const path of ['/v1/calendar-events', `/v1/calendar-event/${createdEvent.id}`, `/v1/enduser/${visitors[0].id}`, '/v1/endusers']) {
      expect((await callWith(api.host, `Bearer ${again.authToken}`, path)).status).toBe(401);
    }
    expect((await callWith(api.host, `Bearer ${again.authToken}`, `/v1/enduser/${visitors[0].id}`, { method: 'PATCH', body: JSON.stringify({ updates: { fname: 'X' } }) })).status).toBe(401);
  });

  test('session refusals: unknown business, unknown template, bad email', async () => {
    const { tenant, template } = await bookingFixture(api);
    const other = await bookingFixture(api);
    const session = anonymous(tenant.businessId).api.calendar_events;
    await expect(session.session_for_public_appointment_booking({ email: uniqueEmail('x'), calendarEventTemplateId: other.template.id, businessId: tenant.businessId })).rejects.toMatchObject({
      message: 'Could not find a record for the given id',
    });
    await expect(session.session_for_public_appointment_booking({ email: 'not-an-email', calendarEventTemplateId: template.id, businessId: tenant.businessId })).rejects.toMatchObject({
      message: 'Error parsing field email: Invalid email',
    });
    await expect(session.session_for_public_appointment_booking({ email: uniqueEmail('x'), calendarEventTemplateId: template.id, businessId: '0123456789abcdef01234567' })).rejects.toMatchObject({
      message: 'Error parsing field businessId: Unknown business',
    });
  });
});
