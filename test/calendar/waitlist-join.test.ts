import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, uniqueEmail } from '../identity/support';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { bookingFixture, DAY } from './support';

/**
 * POST /join-waitlist (docs/decisions.md, "The waitlist"): a patient of the booking widget joins
 * for an appointment type and a date range; bad input is refused with a clear message and changes
 * nothing; staff list the waitlist through waitlist_requests, each organization only its own.
 */
describe('joining the waitlist', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const join = (authToken: string, body: Record<string, unknown>) => callWith(api.host, `Bearer ${authToken}`, '/v1/join-waitlist', { method: 'POST', body: JSON.stringify(body) });
  const entries = (authToken: string) => callWith(api.host, `Bearer ${authToken}`, '/v1/waitlist-requests');

  /** A visitor's public booking session, as the widget makes it from what they typed. */
  const visitor = async (businessId: string, templateId: string, fields: Record<string, unknown> = {}) => {
    const anonymous = new EnduserSession({ host: api.host, businessId });
    const email = uniqueEmail('waiting');
    const session = (await anonymous.api.calendar_events.session_for_public_appointment_booking({ email, calendarEventTemplateId: templateId, businessId, fname: 'Wade', lname: 'Waits', ...fields } as never)) as { authToken: string };
    return { email, authToken: session.authToken };
  };

  test('a visitor joins through the booking session; staff see the entry; each refusal says why and stores nothing', async () => {
    const { tenant, admin, staff, template, page, monday } = await bookingFixture(api);
    const { email, authToken } = await visitor(tenant.businessId, template.id);
    const range = { calendarEventTemplateId: template.id, bookingPageId: page.id, from: new Date(monday).toISOString(), to: new Date(monday + 5 * DAY).toISOString() };

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ ...range, to: range.from }, 400, 'The end of the date range must be after its start'],
      [{ ...range, from: new Date(Date.now() - 10 * DAY).toISOString(), to: new Date(Date.now() - 5 * DAY).toISOString() }, 400, 'The date range must end in the future'],
      [{ ...range, to: new Date(monday + 120 * DAY).toISOString() }, 400, 'The date range must be at most 90 days'],
      [{ ...range, from: 'next week' }, 400, 'Error parsing field from: Invalid date'],
      [{ ...range, to: undefined }, 400, 'Value not provided for required field: to'],
      [{ ...range, channel: 'Pigeon' }, 400, expect.stringContaining('Error parsing field channel')],
      [{ ...range, channel: 'SMS' }, 400, 'A phone number is needed to be offered times by text'],
      [{ ...range, userId: '0123456789abcdef01234567' }, 400, 'This staff member cannot be booked'],
      [{ ...range, calendarEventTemplateId: (await admin.api.calendar_event_templates.createOne({ title: 'Elsewhere', durationInMinutes: 30, enableSelfScheduling: true } as never)).id }, 400, 'This appointment type is not offered on this booking page'],
    ] as never;
    for (const [body, status, message] of refusals) {
      const answer = await join(authToken, body);
      expect({ status: answer.status, message: (answer.body as { message?: string }).message }).toEqual({ status, message });
    }
    expect((await entries(admin.authToken!)).body).toEqual([]);

    const wait = { ...range, userId: staff.user.id, timezone: 'America/New_York' };
    const joined = await join(authToken, wait);
    expect(joined.status).toBe(200);
    const [patient] = await admin.api.endusers.getSome({ filter: { email } } as never);
    expect((joined.body as { waitlistRequest: Record<string, unknown> }).waitlistRequest).toMatchObject({
      enduserId: patient.id,
      calendarEventTemplateId: template.id,
      userId: staff.user.id,
      bookingPageId: page.id,
      fromTimeInMS: monday,
      toTimeInMS: monday + 5 * DAY,
      channel: 'Email',
      status: 'waiting',
      timezone: 'America/New_York',
    });
    expect((await entries(admin.authToken!)).body).toEqual([expect.objectContaining({ enduserId: patient.id, status: 'waiting' })]);

    // The same wait again is refused; the booking session opens nothing else of the waitlist.
    expect(await join(authToken, wait)).toMatchObject({ status: 400, body: { message: 'You are already on the waitlist for this appointment' } });
    expect((await entries(authToken)).status).toBe(401);
    expect(((await entries(admin.authToken!)).body as unknown[]).length).toBe(1);
  });

  test('another organization neither sees nor changes the waitlist; another business cannot join it', async () => {
    const { tenant, admin } = await freshTenant(api);
    const north = await createSubOrganization(admin, 'Northside');
    const south = await createSubOrganization(admin, 'Southside');
    const northAdmin = await memberOf(api, admin, [north.id]);
    const southAdmin = await memberOf(api, admin, [south.id]);
    const template = await northAdmin.session.api.calendar_event_templates.createOne({ title: 'Checkup', durationInMinutes: 30, enableSelfScheduling: true } as never);
    // A patient of Northside: made by its staff, so placed there.
    const patient = await createEnduser(api.host, northAdmin.session, tenant);
    const range = { calendarEventTemplateId: template.id, from: new Date(Date.now() + DAY).toISOString(), to: new Date(Date.now() + 8 * DAY).toISOString() };
    const joined = await join(patient.session.authToken!, range);
    expect(joined.status).toBe(200);
    const entry = (joined.body as { waitlistRequest: { id: string; organizationIds: string[] } }).waitlistRequest;
    expect(entry.organizationIds).toEqual([north.id]);

    expect(((await entries(northAdmin.session.authToken!)).body as { id: string }[]).map((row) => row.id)).toEqual([entry.id]);
    expect(((await entries(admin.authToken!)).body as { id: string }[]).map((row) => row.id)).toEqual([entry.id]);
    expect((await entries(southAdmin.session.authToken!)).body).toEqual([]);
    const read = await callWith(api.host, `Bearer ${southAdmin.session.authToken}`, `/v1/waitlist-request/${entry.id}`);
    expect(read.status).toBe(404);
    const cancel = await callWith(api.host, `Bearer ${southAdmin.session.authToken}`, `/v1/waitlist-request/${entry.id}`, { method: 'PATCH', body: JSON.stringify({ updates: { status: 'cancelled' } }) });
    expect(cancel.status).toBe(404);
    expect((await admin.api.endusers.getOne(patient.enduser.id)).id).toBe(patient.enduser.id);
    expect(((await entries(admin.authToken!)).body as { status: string }[])[0].status).toBe('waiting');

    // A patient of another business cannot join for this business's appointment type.
    const other = await freshTenant(api);
    const stranger = await createEnduser(api.host, other.admin, other.tenant);
    expect((await join(stranger.session.authToken!, range)).status).toBe(404);
    expect(((await entries(admin.authToken!)).body as unknown[]).length).toBe(1);
    // A held link that does not exist (or is late) says the time is gone, and books nothing.
    const claim = await callWith(api.host, '', '/v1/claim-waitlist-offer', { method: 'POST', body: JSON.stringify({ token: 'a'.repeat(43) }) });
    expect(claim).toMatchObject({ status: 400, body: { message: 'This time is no longer available' } });
  });
});
