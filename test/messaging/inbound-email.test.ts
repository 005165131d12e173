import nodemailer, { type SendMailOptions } from 'nodemailer';
import { startInboundSmtp, type InboundSmtp } from '@carelane/api/inbound/inbound-email/smtp-listener';
import { mailgunSignature } from '@carelane/api/inbound/inbound-email/mailgun-webhook';
import { startApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant } from '../support/tenant';
import { PORTAL_URL, uniqueEmail } from './support';

const MAILGUN_KEY = 'mailgun-test-signing-key';

/** Patients' email replies (docs/decisions.md, issue 33): signed Reply-To, the inbound SMTP listener, Mailgun's signed route. */
describe('email replies', () => {
  let smtp: SmtpCapture;
  let api: Awaited<ReturnType<typeof startApi>>;
  let inbound: InboundSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startApi({ env: { PORTAL_URL, SMTP_URL: smtp.url, MAIL_FROM: 'Clinic <care@clinic.example.test>', INBOUND_EMAIL_DOMAIN: 'reply.clinic.example.test', MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY } });
    // Off in tests unless a test turns it on: this one does, on a free port.
    inbound = await startInboundSmtp(api.services, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await inbound?.close();
    await api?.stop();
    await smtp?.stop();
  });

  const sendToListener = (message: SendMailOptions) =>
    nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true }).sendMail({ from: 'patient@example.com', ...message });

  const patientEmail = async () => {
    const tenant = await createTenant(api.dataSource);
    const sdk = await adminSession(api.host, tenant);
    const address = uniqueEmail('reply');
    const patient = await sdk.api.endusers.createOne({ email: address, fname: 'Ivy' });
    const original = await sdk.api.emails.createOne({ enduserId: patient.id, subject: 'Your visit', textContent: 'Can you come on Monday at 10?' });
    const sent = await smtp.waitFor(address);
    return { sdk, patient, original, sent, address };
  };

  test('an outgoing patient email carries a signed Reply-To; a reply over SMTP threads onto it without the quoted history', async () => {
    const { sdk, patient, original, sent, address } = await patientEmail();
    const replyTo = sent.headers['reply-to'];
    expect(replyTo).toMatch(new RegExp(`^reply\\+${original.id}\\.[0-9a-f]{32}@reply\\.clinic\\.example\\.test$`));
    await sendToListener({
      from: address,
      to: replyTo,
      subject: 'Re: Your visit',
      inReplyTo: original.messageId,
      references: original.messageId,
      messageId: '<reply-1@example.com>',
      text: 'Monday works, see you then.\n\nOn Mon, Nov 30, 2026 at 9:00 AM Clinic <care@clinic.example.test> wrote:\n> Can you come on Monday at 10?\n',
    });
    const thread = await sdk.api.emails.getSome({ filter: { enduserId: patient.id } });
    const reply = thread.find((email) => email.inbound)!;
    expect(reply).toMatchObject({ inbound: true, subject: 'Re: Your visit', textContent: 'Monday works, see you then.', threadId: original.threadId ?? original.messageId, replyTo: original.messageId });
    // The same reply delivered again (a sending server's retry) is stored once.
    await sendToListener({ from: address, to: replyTo, subject: 'Re: Your visit', messageId: '<reply-1@example.com>', text: 'Monday works, see you then.' });
    expect((await sdk.api.emails.getSome({ filter: { enduserId: patient.id } })).filter((email) => email.inbound)).toHaveLength(1);
  });

  test('a reply address whose token does not verify is refused at RCPT TO and nothing is stored', async () => {
    const { sdk, patient, original } = await patientEmail();
    const forged = `reply+${original.id}.${'0'.repeat(32)}@reply.clinic.example.test`;
    await expect(sendToListener({ to: forged, subject: 'Re: Your visit', text: 'forged' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendToListener({ to: 'someone@reply.clinic.example.test', subject: 'hi', text: 'hi' })).rejects.toMatchObject({ responseCode: 550 });
    expect((await sdk.api.emails.getSome({ filter: { enduserId: patient.id } })).filter((email) => email.inbound)).toHaveLength(0);
  });

  test("Mailgun's route: only signed posts are recorded, threaded like the listener's", async () => {
    const { sdk, patient, original, sent } = await patientEmail();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = 'a'.repeat(50);
    const form = {
      timestamp,
      token,
      signature: mailgunSignature(MAILGUN_KEY, timestamp, token),
      recipient: sent.headers['reply-to'],
      from: 'Ivy <ivy@example.com>',
      subject: 'Re: Your visit',
      'body-plain': 'Can we make it 11?\n\n> Can you come on Monday at 10?',
      'Message-Id': '<mailgun-1@example.com>',
    };
    const post = (body: Record<string, string>) =>
      fetch(`${api.host}/webhooks/mailgun/email`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    expect((await post({ ...form, signature: 'f'.repeat(64) })).status).toBe(403);
    expect((await post({ ...form, signature: '' })).status).toBe(403);
    expect((await post(form)).status).toBe(200);
    const replies = (await sdk.api.emails.getSome({ filter: { enduserId: patient.id } })).filter((email) => email.inbound);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ textContent: 'Can we make it 11?', threadId: original.threadId ?? original.messageId });
  });
});
