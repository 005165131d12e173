import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { startMessagingApi, uniquePhone, type MessagingApi } from './support';
import { claimNumber, incomingText, messageSid, postAsTwilio, TWILIO_TEST_TOKEN, twimlMessages } from './inbound-support';

/** Incoming texts at POST /webhooks/twilio/sms (docs/decisions.md, issue 33): signed by Twilio, stored once, on the right patient. */
describe('incoming texts', () => {
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  const clinicNumber = uniquePhone();

  const storedBySid = async (sid: string) =>
    (await api.dataSource.query(`SELECT _id, "enduserId", inbound, message, "phoneNumber", "possibleEnduserIds" FROM sms_messages WHERE "internalMessageId" = $1`, [sid])) as {
      _id: string;
      enduserId: string | null;
      inbound: boolean;
      message: string;
      phoneNumber: string;
      possibleEnduserIds: string[] | null;
    }[];

  beforeAll(async () => {
    // The auth token alone: incoming texts on, outgoing ones kept by the embedded channel.
    api = await startMessagingApi({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
    tenant = await createTenant(api.dataSource);
    sdk = await adminSession(api.host, tenant);
    await claimNumber(sdk, tenant.businessId, clinicNumber);
  });
  afterAll(async () => {
    await api.stop();
  });

  test("a signed text lands on the patient whose phone sent it, as an inbound message the inbox lists", async () => {
    const phone = uniquePhone();
    const patient = await sdk.api.endusers.createOne({ phone, fname: 'Pat' });
    const form = incomingText(phone, clinicNumber, 'Running 10 minutes late');
    const answer = await postAsTwilio(api.host, '/webhooks/twilio/sms', form);
    expect(answer.status).toBe(200);
    expect(twimlMessages(answer.text)).toEqual([]);
    const [text] = await sdk.api.sms_messages.getSome({ filter: { enduserId: patient.id } });
    expect(text).toMatchObject({ enduserId: patient.id, inbound: true, message: 'Running 10 minutes late', internalMessageId: form.MessageSid, phoneNumber: phone });
    // The inbox's query: inbound messages of the business, newest first.
    const inbox = await sdk.api.sms_messages.getSome({ filter: { inbound: true } });
    expect(inbox.map((message) => message.id)).toContain(text.id);
  });

  test('unsigned and wrongly signed requests answer 403 and record nothing', async () => {
    const phone = uniquePhone();
    await sdk.api.endusers.createOne({ phone });
    const unsigned = incomingText(phone, clinicNumber, 'unsigned');
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', unsigned, { signature: false })).status).toBe(403);
    const forged = incomingText(phone, clinicNumber, 'forged');
    const forgedAnswer = await postAsTwilio(api.host, '/webhooks/twilio/sms', forged, { token: 'not-the-auth-token' });
    expect(forgedAnswer.status).toBe(403);
    expect(JSON.parse(forgedAnswer.text)).toMatchObject({ message: 'Twilio signature missing or invalid' });
    // Signed, then altered on the way: the signature covers the body.
    const altered = incomingText(phone, clinicNumber, 'original');
    const signature = (await import('twilio')).default.getExpectedTwilioSignature(TWILIO_TEST_TOKEN, `${api.host}/webhooks/twilio/sms`, altered);
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', { ...altered, Body: 'altered' }, { signature })).status).toBe(403);
    for (const form of [unsigned, forged, altered]) expect(await storedBySid(form.MessageSid)).toEqual([]);
  });

  test('a retried MessageSid is stored once', async () => {
    const phone = uniquePhone();
    await sdk.api.endusers.createOne({ phone });
    const form = incomingText(phone, clinicNumber, 'Same text, delivered twice');
    const answers = await Promise.all([1, 2, 3].map(() => postAsTwilio(api.host, '/webhooks/twilio/sms', form)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await postAsTwilio(api.host, '/webhooks/twilio/sms', form)).toMatchObject({ status: 200 });
    expect(await storedBySid(form.MessageSid)).toHaveLength(1);
  });

  test('a text from a number no patient has is kept without a patient, shown as unmatched; several patients: none is chosen', async () => {
    const stranger = uniquePhone();
    const unknown = incomingText(stranger, clinicNumber, 'Who is this?');
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', unknown)).status).toBe(200);
    const [kept] = await storedBySid(unknown.MessageSid);
    expect(kept).toMatchObject({ enduserId: null, inbound: true, message: 'Who is this?', phoneNumber: stranger });
    const unmatched = await sdk.api.sms_messages.getSome({ filter: { phoneNumber: stranger } as never });
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0].enduserId).toBeUndefined();

    const shared = uniquePhone();
    const [first, second] = [await sdk.api.endusers.createOne({ phone: shared }), await sdk.api.endusers.createOne({ phone: shared })];
    const family = incomingText(shared, clinicNumber, 'Family phone');
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', family)).status).toBe(200);
    const [ambiguous] = await storedBySid(family.MessageSid);
    expect(ambiguous.enduserId).toBeNull();
    expect([...(ambiguous.possibleEnduserIds ?? [])].sort()).toEqual([first.id, second.id].sort());
  });

  test('a text to a number no organization owns is refused (404); an oversized body answers 413; both record nothing', async () => {
    const elsewhere = incomingText(uniquePhone(), '+15005550000', 'wrong number');
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', elsewhere)).status).toBe(404);
    const huge = incomingText(uniquePhone(), clinicNumber, 'x'.repeat(200_000));
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', huge)).status).toBe(413);
    expect(await storedBySid(elsewhere.MessageSid)).toEqual([]);
    expect(await storedBySid(huge.MessageSid)).toEqual([]);
  });

  test("Twilio's status callback sets delivered on the outgoing text", async () => {
    const patient = await sdk.api.endusers.createOne({ phone: uniquePhone() });
    const sent = await sdk.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your results are in.' });
    const sid = sent.internalMessageId!;
    await api.dataSource.query(`UPDATE sms_messages SET delivered = false WHERE _id = $1`, [sent.id]);
    const status = { MessageSid: sid, SmsSid: sid, MessageStatus: 'delivered', SmsStatus: 'delivered', To: patient.phone!, From: clinicNumber, AccountSid: 'AC00000000000000000000000000000001' };
    expect((await postAsTwilio(api.host, '/webhooks/twilio/status', status)).status).toBe(200);
    expect(await sdk.api.sms_messages.getOne(sent.id)).toMatchObject({ delivered: true });
    const failed = { ...status, MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30005' };
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', failed)).status).toBe(200);
    expect(await sdk.api.sms_messages.getOne(sent.id)).toMatchObject({ delivered: false, deliveryStatus: 'failed', deliveryNote: 'Twilio reported the text undelivered (error 30005)' });
    expect((await postAsTwilio(api.host, '/webhooks/twilio/status', { ...status, MessageSid: messageSid() }, { signature: 'bogus' })).status).toBe(403);
  });
});
