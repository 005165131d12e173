import { randomBytes } from 'node:crypto';
import { EnduserSession } from '@tellescope/sdk';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '@carelane/activities';
import { SmtpEmailChannel } from '@carelane/activities/channels/email';
import { waitlistWorkflowId } from '@carelane/workflows/constants';
import { workflowCode } from '@carelane/workflows/workflow-code';
import { temporalTestServerBinary } from '../../scripts/services/temporal-test-server';
import { startApi, type RunningApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { callWith, createEnduser } from '../identity/support';
import { allEvents, availability, book, bookingFixture, DAY, every, nextMonday } from '../calendar/support';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { newId } from '@carelane/db';
import { MAIL_FROM, waitFor } from './support';

const PORTAL = 'http://portal.waitlist.test';

/**
 * The waitlist (docs/decisions.md, "The waitlist") end to end: the api (its dispatcher starts the
 * offer workflow on Temporal's time-skipping test server), the real activities against PostgreSQL
 * and a real SMTP server, so the 15-minute hold passes in a moment (env.sleep).
 */
describe('the waitlist on the time-skipping server', () => {
  let api: RunningApi;
  let smtp: SmtpCapture;
  let env: TestWorkflowEnvironment;
  const taskQueue = `waitlist-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    smtp = await startSmtpServer();
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerBinary() } } });
    api = await startApi({ taskQueue, env: { TEMPORAL_ADDRESS: env.address } });
  });
  afterAll(async () => {
    await api?.stop();
    await env?.teardown();
    await smtp?.stop();
  });

  const joinWaitlist = (session: EnduserSession, body: Record<string, unknown>) =>
    callWith(api.host, `Bearer ${session.authToken}`, '/v1/join-waitlist', { method: 'POST', body: JSON.stringify(body) });
  const claim = (token: string) => callWith(api.host, '', '/v1/claim-waitlist-offer', { method: 'POST', body: JSON.stringify({ token }) });
  const offerPage = (token: string) => callWith(api.host, '', `/v1/waitlist-offer?token=${token}`);
  const linkIn = (text: string) => {
    const match = new RegExp(`${PORTAL}/waitlist-offer/([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no held link in: ${text}`);
    return match[1];
  };
  /** The run's timers started so far: the hold's timer is set once the offer's activity returned. */
  const timersStarted = async (workflowId: string) =>
    (await env.client.workflow.getHandle(workflowId).fetchHistory()).events?.filter((event) => event.timerStartedEventAttributes).length ?? 0;

  test('A is offered and ignores it, 15 minutes pass, B is offered and books; A’s late link is refused; one booking', async () => {
    const { tenant, admin, staff, template, page, terms, patient: booked, monday } = await bookingFixture(api);
    const nine = monday + 9 * 60 * 60_000;
    const { createdEvent } = await book(booked.session, { calendarEventTemplateId: template.id, userId: staff.user.id, startTime: new Date(nine), bookingPageId: page.id, agreedToTerms: terms });
    const a = await createEnduser(api.host, admin, tenant, { fname: 'Ava' });
    const b = await createEnduser(api.host, admin, tenant, { fname: 'Ben' });
    const range = { calendarEventTemplateId: template.id, bookingPageId: page.id, from: new Date(monday).toISOString(), to: new Date(monday + 5 * DAY).toISOString() };
    expect((await joinWaitlist(a.session, range)).status).toBe(200);
    expect((await joinWaitlist(b.session, range)).status).toBe(200);
    const mondaySlots = (session: EnduserSession) =>
      availability(session, { businessId: tenant.businessId, calendarEventTemplateId: template.id, bookingPageId: page.id, from: new Date(monday), to: new Date(monday + DAY) }).then((slots) => slots.map((slot) => slot.startTimeInMS));
    const visitor = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    const publicSlots = () => mondaySlots(visitor);
    expect(await publicSlots()).not.toContain(nine);

    const channel = new SmtpEmailChannel(smtp.url, MAIL_FROM);
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowCode(),
      activities: createActivities({ dataSource: api.dataSource, email: channel, portalUrl: PORTAL }),
    });
    await worker.runUntil(async () => {
      // The appointment at 09:00 is cancelled: the time goes to A, first on the list.
      await admin.api.calendar_events.updateOne(createdEvent.id, { cancelledAt: new Date().toISOString() } as never);
      const offerToA = await smtp.waitFor(a.email, { timeoutMs: 30_000 });
      expect(offerToA.subject).toBe('A time opened up: Consultation');
      expect(offerToA.text).toContain('It is held for you until');
      const tokenA = linkIn(offerToA.text);
      // Hidden from public availability and from B, shown to A; the stored copy has no link.
      expect(await publicSlots()).not.toContain(nine);
      expect(await mondaySlots(b.session)).not.toContain(nine);
      expect(await mondaySlots(a.session)).toContain(nine);
      const [storedOffer] = await admin.api.emails.getSome({ filter: { enduserId: a.enduser.id } } as never);
      expect(storedOffer.textContent).not.toContain(tokenA);
      expect(JSON.stringify(await admin.api.emails.getSome({} as never))).not.toContain(tokenA);
      expect((await offerPage(tokenA)).body).toMatchObject({ offer: { title: 'Consultation', startTimeInMS: nine, durationInMinutes: 30 } });
      const entries = () => callWith(api.host, `Bearer ${admin.authToken}`, '/v1/waitlist-requests').then((answer) => answer.body as Record<string, any>[]);
      expect((await entries()).map((entry) => [entry.enduserId, entry.status])).toEqual(
        expect.arrayContaining([
          [a.enduser.id, 'offered'],
          [b.enduser.id, 'waiting'],
        ]),
      );
      expect(smtp.to(b.email)).toEqual([]);

      // A does nothing; the hold's 15 minutes pass on the test server's clock: B is offered.
      const workflowId = waitlistWorkflowId(tenant.businessId, createdEvent.id, nine);
      await waitFor(() => timersStarted(workflowId), (count) => count === 1, 'the hold’s timer');
      await env.sleep('15 minutes');
      const offerToB = await smtp.waitFor(b.email, { timeoutMs: 30_000 });
      const tokenB = linkIn(offerToB.text);
      expect(tokenB).not.toBe(tokenA);
      expect(await mondaySlots(a.session)).not.toContain(nine);
      expect(await mondaySlots(b.session)).toContain(nine);
      expect((await offerPage(tokenA)).body).toMatchObject({ message: 'This time is no longer available' });

      // B books through the link, twice at once: exactly one booking.
      const claims = await Promise.all([claim(tokenB), claim(tokenB)]);
      expect(claims.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const won = claims.find((answer) => answer.status === 200)!.body as { createdEvent: Record<string, any> };
      expect(won.createdEvent).toMatchObject({ startTimeInMS: nine, durationInMinutes: 30, templateId: template.id });
      expect(won.createdEvent.attendees).toEqual([
        { type: 'user', id: staff.user.id },
        { type: 'enduser', id: b.enduser.id },
      ]);
      // A's late link says so and books nothing.
      expect(await claim(tokenA)).toMatchObject({ status: 400, body: { message: 'This time is no longer available' } });
      const atNine = (await allEvents(admin)).filter((event) => event.startTimeInMS === nine && !event.cancelledAt);
      expect(atNine.map((event) => event.id)).toEqual([won.createdEvent.id]);
      expect(await publicSlots()).not.toContain(nine);
      expect((await entries()).map((entry) => [entry.enduserId, entry.status])).toEqual(
        expect.arrayContaining([
          [a.enduser.id, 'waiting'],
          [b.enduser.id, 'booked'],
        ]),
      );
      // The run ends at the next check of the hold: booked.
      await env.sleep('15 minutes');
      expect(await env.client.workflow.getHandle(workflowId).result()).toEqual({ booked: true, offers: 2 });
      expect(smtp.to(a.email)).toHaveLength(1);
    });
    await channel.close();
  });

  test('a sub-organization’s freed time goes to its own waiting patient, never to a sibling organization’s, even one waiting longer', async () => {
    const { tenant, admin } = await freshTenant(api);
    const north = await createSubOrganization(admin, 'North');
    const south = await createSubOrganization(admin, 'South');
    const northStaff = await memberOf(api, admin, [north.id]);
    const southStaff = await memberOf(api, admin, [south.id]);
    await admin.api.users.updateOne(northStaff.user.id, { timezone: 'UTC', weeklyAvailabilities: every([1, 2, 3, 4, 5], 540, 720) } as never);
    const template = await northStaff.session.api.calendar_event_templates.createOne({ title: 'North visit', durationInMinutes: 30, enableSelfScheduling: true } as never);
    const monday = nextMonday();
    const nine = monday + 9 * 60 * 60_000;
    const event = await northStaff.session.api.calendar_events.createOne({ title: 'North visit', startTimeInMS: nine, durationInMinutes: 30, templateId: template.id, attendees: [{ type: 'user', id: northStaff.user.id }] } as never);
    const southPatient = await createEnduser(api.host, southStaff.session, tenant, { fname: 'Sol' });
    const northPatient = await createEnduser(api.host, northStaff.session, tenant, { fname: 'Nora' });
    // South's patient has waited longer for the same type: no call lets South name North's type, so the row is written as it would be stored.
    await api.dataSource.getRepository('waitlist_requests').insert({
      _id: newId(), businessId: tenant.businessId, organizationIds: [south.id], sharedWithOrganizations: [], enduserId: southPatient.enduser.id, calendarEventTemplateId: template.id,
      fromTimeInMS: monday, toTimeInMS: monday + 5 * DAY, channel: 'Email', status: 'waiting', createdAt: new Date(Date.now() - DAY), updatedAt: new Date(Date.now() - DAY),
    });
    const range = { calendarEventTemplateId: template.id, from: new Date(monday).toISOString(), to: new Date(monday + 5 * DAY).toISOString() };
    expect((await joinWaitlist(northPatient.session, range)).status).toBe(200);

    const channel = new SmtpEmailChannel(smtp.url, MAIL_FROM);
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: await workflowCode(),
      activities: createActivities({ dataSource: api.dataSource, email: channel, portalUrl: PORTAL }),
    });
    await worker.runUntil(async () => {
      await northStaff.session.api.calendar_events.updateOne(event.id, { cancelledAt: new Date().toISOString() } as never);
      const offer = await smtp.waitFor(northPatient.email, { timeoutMs: 30_000 });
      expect(offer.subject).toBe('A time opened up: North visit');
      expect(smtp.to(southPatient.email)).toEqual([]);
      const rows = (await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/waitlist-requests')).body as Record<string, any>[];
      expect(rows.map((row) => [row.enduserId, row.status]).sort()).toEqual(
        [
          [northPatient.enduser.id, 'offered'],
          [southPatient.enduser.id, 'waiting'],
        ].sort(),
      );
      await env.client.workflow.getHandle(waitlistWorkflowId(tenant.businessId, event.id, nine)).terminate();
    });
    await channel.close();
  });
});
