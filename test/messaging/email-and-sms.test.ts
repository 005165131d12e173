import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant } from '../support/tenant';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { mailbox, PORTAL_URL, startMessagingApi, uniqueEmail, uniquePhone, type MessagingApi } from './support';

describe('emails: creating one sends it through SMTP to the enduser', () => {
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let sdk: Session;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startMessagingApi({ env: { SMTP_URL: smtp.url } });
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(async () => {
    await api.stop();
    await smtp.stop();
  });

  test('the mail arrives over the wire with its subject, text, HTML and a working unsubscribe link; delivery fields come from the server', async () => {
    const address = uniqueEmail('pat');
    const enduser = await sdk.api.endusers.createOne({ email: address, fname: 'Pat' });
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Your results', textContent: 'Hi Pat, your results are in.', HTMLContent: '<p>Hi <b>Pat</b>, your results are in.</p>' });

    expect(email).toMatchObject({ delivered: true, deliveryStatus: 'sent', userId: sdk.userInfo.id });
    expect(email.messageId).toMatch(/^<[^@\s]+@clinic\.example\.test>$/);
    expect(email.threadId).toBe(email.messageId);
    expect(new Date(email.timestamp!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const received = await smtp.waitFor(address);
    expect(received.subject).toBe('Your results');
    expect(received.headers['message-id']).toBe(email.messageId);
    expect(received.envelopeFrom).toBe('care@clinic.example.test');
    expect(received.text).toContain('Hi Pat, your results are in.');
    expect(received.html).toContain('<p>Hi <b>Pat</b>, your results are in.</p>');

    const link = `${PORTAL_URL}/unsubscribe?enduserId=${enduser.id}&type=email`;
    expect(received.text).toContain(link);
    expect(received.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(received.headers['list-unsubscribe']).toBe(`<${link}>`);

    // The record as stored reads the same.
    await expect(sdk.api.emails.getOne(email.id)).resolves.toMatchObject({ delivered: true, deliveryStatus: 'sent', messageId: email.messageId });
  });

  test('the client cannot set delivery fields itself', async () => {
    const enduser = await sdk.api.endusers.createOne({ email: uniqueEmail('fields') });
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'S', textContent: 'T', delivered: true } as never)).rejects.toMatchObject({
      message: 'Error parsing field delivered: This field cannot be updated',
    });
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'S', textContent: 'T', messageId: '<x@y>' } as never)).rejects.toMatchObject({
      message: 'Error parsing field messageId: This field cannot be updated',
    });
  });

  test('logOnly records the email as delivered without sending anything', async () => {
    const address = uniqueEmail('logged');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Phone call notes', textContent: 'Discussed the plan.', logOnly: true });
    expect(email).toMatchObject({ delivered: true, deliveryStatus: 'logged', logOnly: true });
    expect(email.messageId).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(address)).toHaveLength(0);
  });

  test("'Missing email' for an enduser without an email (nothing stored), unless logOnly", async () => {
    const enduser = await sdk.api.endusers.createOne({ phone: uniquePhone() });
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Hello', textContent: 'Hi' })).rejects.toMatchObject({ message: 'Missing email' });
    expect(await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(0);
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Hello', textContent: 'Hi', logOnly: true })).resolves.toMatchObject({ delivered: true });
  });

  test('createSome sends each email and refuses the one without an address', async () => {
    const address = uniqueEmail('many');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    const noEmail = await sdk.api.endusers.createOne({ fname: 'Nomail' });
    const { created, errors } = await sdk.api.emails.createSome([
      { enduserId: enduser.id, subject: 'One', textContent: '1' },
      { enduserId: noEmail.id, subject: 'Two', textContent: '2' },
      { enduserId: enduser.id, subject: 'Three', textContent: '3' },
    ]);
    expect(created.map((e) => [e.subject, e.delivered])).toEqual([['One', true], ['Three', true]]);
    expect(errors).toEqual([expect.objectContaining({ message: 'Missing email' })]);
    await smtp.waitFor(address, { index: 1 });
    expect(smtp.to(address).map((m) => m.subject).sort()).toEqual(['One', 'Three']);
  });

  test('when the SMTP server refuses the mail the client gets a clear error and no record remains', async () => {
    const address = uniqueEmail('refused');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    smtp.failNext(1);
    const failure = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Refused', textContent: 'x' }).catch((error) => error);
    expect(failure.message).toMatch(/^Email could not be sent: .*Mailbox unavailable/);
    expect(await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(0);
    // The next try goes through.
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Again', textContent: 'x' })).resolves.toMatchObject({ delivered: true });
  });

  test('HTML is sanitised before it is stored and sent: no script, event handlers, javascript: links or srcdoc iframes', async () => {
    const address = uniqueEmail('html');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    const dirty =
      '<p onclick="steal()">Hello<script>alert(1)</script></p><a href="javascript:alert(2)">bad</a><a href="https://clinic.example/visit">good</a>' +
      '<img src="x" onerror="alert(3)"><iframe srcdoc="<script>alert(4)</script>"></iframe>';
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Formatted', textContent: 'Hello', HTMLContent: dirty });
    for (const html of [email.HTMLContent!, (await smtp.waitFor(address)).html]) {
      expect(html).toContain('<p>Hello</p>');
      expect(html).toContain('<a href="https://clinic.example/visit">good</a>');
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|srcdoc|alert/);
    }
  });
});

describe('text messages: creating one sends it through the SMS channel (embedded default: recorded, not sent)', () => {
  let api: MessagingApi;
  let sdk: Session;

  beforeAll(async () => {
    api = await startMessagingApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  test('the message is recorded by the embedded channel and shown on the development mailbox', async () => {
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ phone });
    const sms = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Your appointment is tomorrow at 10am.' });
    expect(sms).toMatchObject({ delivered: true, deliveryStatus: 'sent', userId: sdk.userInfo.id });
    expect(sms.internalMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    const kept = await mailbox(api.host, phone, sdk);
    expect(kept).toEqual([expect.objectContaining({ channel: 'sms', to: phone, text: 'Your appointment is tomorrow at 10am.', messageId: sms.internalMessageId })]);
  });

  test("'Missing phone' unless logOnly; nothing stored", async () => {
    const enduser = await sdk.api.endusers.createOne({ email: uniqueEmail('nophone') });
    await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Hi' })).rejects.toMatchObject({ message: 'Missing phone' });
    expect(await sdk.api.sms_messages.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(0);
    await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Hi', logOnly: true })).resolves.toMatchObject({ delivered: true, deliveryStatus: 'logged' });
  });

  test("'message must not be blank' and the 630-character limit", async () => {
    const enduser = await sdk.api.endusers.createOne({ phone: uniquePhone() });
    await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: '   ' })).rejects.toMatchObject({ message: 'message must not be blank' });
    await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'x'.repeat(631) })).rejects.toMatchObject({
      message: 'Error parsing field message: String must not exceed 630 characters',
    });
    await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'x'.repeat(630) })).resolves.toMatchObject({ delivered: true });
  });

  test('the development mailbox lists kept messages as a page a root Admin can read', async () => {
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ phone });
    await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Visit https://clinic.example/checkin to check in.' });
    const [kept] = await mailbox(api.host, phone, sdk);
    const asRootAdmin = { headers: { Authorization: `Bearer ${sdk.authToken}` } };
    const list = await fetch(`${api.host}/dev/mailbox`, asRootAdmin);
    expect(list.headers.get('content-type')).toMatch(/text\/html/);
    expect(await list.text()).toContain(`/dev/mailbox/${kept.id}`);
    const one = await (await fetch(`${api.host}/dev/mailbox/${kept.id}`, asRootAdmin)).text();
    expect(one).toContain('<a href="https://clinic.example/checkin">https://clinic.example/checkin</a>');
  });
});
