import { randomBytes } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Session } from '@tellescope/sdk';
import { createMessagingChannels } from '@carelane/activities/channels/config';
import { createMessagingActivities } from '@carelane/activities/messaging-activities';
import { adminSession, createTenant } from '../support/tenant';
import { testEnv } from '../support/env';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { mailbox, PORTAL_URL, startMessagingApi, uniqueEmail, uniquePhone, waitUntil, type MessagingApi } from './support';

describe('sendAt: a message for later is stored, then sent at its time by a durable Temporal workflow', () => {
  const taskQueue = `messages-${randomBytes(4).toString('hex')}`;
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let sdk: Session;
  let worker: Worker;
  let connection: NativeConnection;
  let running: Promise<void>;
  let activities: ReturnType<typeof createMessagingActivities>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startMessagingApi({ env: { SMTP_URL: smtp.url }, taskQueue });
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const channels = createMessagingChannels({ email: { smtpUrl: smtp.url, from: 'Carelane Clinic <care@clinic.example.test>' }, sms: {}, portalUrl: PORTAL_URL }, api.dataSource);
    activities = createMessagingActivities({ dataSource: api.dataSource, channels });
    connection = await NativeConnection.connect({ address: testEnv().temporalAddress });
    worker = await Worker.create({
      connection,
      namespace: 'default',
      taskQueue,
      workflowsPath: require.resolve('@carelane/workflows/scheduled-message'),
      activities,
    });
    running = worker.run();
  });
  afterAll(async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await api.stop();
    await smtp.stop();
  });

  test('an email with sendAt a few seconds ahead is stored as scheduled and arrives after its time, once', async () => {
    const address = uniqueEmail('later');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    const sendAt = new Date(Date.now() + 4000);
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Later', textContent: 'Sent at its time.', sendAt });
    expect(email).toMatchObject({ delivered: false, deliveryStatus: 'scheduled' });
    expect(new Date(email.sendAt!).getTime()).toBe(sendAt.getTime());

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.to(address)).toHaveLength(0);

    const received = await smtp.waitFor(address, { timeoutMs: 30_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect(received.subject).toBe('Later');
    expect(received.text).toContain(`${PORTAL_URL}/unsubscribe?enduserId=${enduser.id}&type=email`);

    const stored = await waitUntil(() => sdk.api.emails.getOne(email.id), (e) => e.delivered === true);
    expect(stored).toMatchObject({ delivered: true, deliveryStatus: 'sent', messageId: received.headers['message-id'] });

    // The activity is idempotent: run again (a retry, a replayed workflow) it sends nothing more.
    await expect(activities.deliverScheduledMessage({ businessId: enduser.businessId, resource: 'emails', id: email.id })).resolves.toEqual({ status: 'sent' });
    // Even when the record was not updated after the send (the worker stopped in between), the ledger keyed by the message id prevents a second send.
    await api.dataSource.getRepository('emails').update({ _id: email.id }, { deliveryStatus: 'scheduled', delivered: false });
    await expect(activities.deliverScheduledMessage({ businessId: enduser.businessId, resource: 'emails', id: email.id })).resolves.toEqual({ status: 'sent' });
    await expect(sdk.api.emails.getOne(email.id)).resolves.toMatchObject({ delivered: true, messageId: received.headers['message-id'] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(address)).toHaveLength(1);
  });

  test('a scheduled SMS goes out at its time; one deleted before its time is never sent', async () => {
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ phone });
    const kept = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Scheduled text', sendAt: new Date(Date.now() + 3000) });
    const cancelled = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Cancelled text', sendAt: new Date(Date.now() + 3000) });
    expect(kept).toMatchObject({ delivered: false, deliveryStatus: 'scheduled' });
    await sdk.api.sms_messages.deleteOne(cancelled.id);

    const stored = await waitUntil(() => sdk.api.sms_messages.getOne(kept.id), (s) => s.delivered === true);
    expect(stored).toMatchObject({ delivered: true, deliveryStatus: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailbox(api.host, phone, sdk)).map((m) => m.text)).toEqual(['Scheduled text']);
  });
  test('a scheduled marketing email to an enduser who unsubscribed from marketing since is skipped at its time, never sent', async () => {
    const address = uniqueEmail('marketing-later');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    const sendAt = new Date(Date.now() + 4000);
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Sale', textContent: 'Spring sale.', isMarketing: true, sendAt } as never);
    expect(email).toMatchObject({ deliveryStatus: 'scheduled', isMarketing: true });
    await sdk.GET('/v1/unsubscribe', { enduserId: enduser.id });
    const stored = await waitUntil(() => sdk.api.emails.getOne(email.id), (e) => (e as { deliveryStatus?: string }).deliveryStatus !== 'scheduled');
    expect(stored).toMatchObject({ delivered: false, deliveryStatus: 'skipped', deliveryNote: 'Unsubscribed from marketing' });
    expect(smtp.to(address)).toHaveLength(0);
  });
});
