import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { startMessagingApi, uniquePhone, type MessagingApi } from './support';
import { incomingText, postAsTwilio, TWILIO_TEST_TOKEN } from './inbound-support';

/**
 * An organization's texting numbers (settings.sms, README "Two-way messages"): written as people
 * write them and stored as Twilio sends them; one organization per number, since a text to a number
 * two organizations list reaches neither.
 */
describe("an organization's texting numbers", () => {
  let api: MessagingApi;
  let clinic: Tenant;
  let other: Tenant;
  let clinicAdmin: Session;
  let otherAdmin: Session;

  beforeAll(async () => {
    api = await startMessagingApi({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
    [clinic, other] = [await createTenant(api.dataSource), await createTenant(api.dataSource)];
    [clinicAdmin, otherAdmin] = await Promise.all([adminSession(api.host, clinic), adminSession(api.host, other)]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const settingsOf = async (admin: Session, tenant: Tenant) => ((await admin.api.organizations.getOne(tenant.businessId)) as { settings?: { sms?: Record<string, unknown> } }).settings ?? {};

  test('a number as people write it is kept as Twilio sends it; a number that is not one is refused and nothing changes', async () => {
    const number = uniquePhone();
    const written = `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
    await clinicAdmin.api.organizations.updateOne(clinic.businessId, { settings: { sms: { phoneNumbers: [written], helpText: 'Call us on 415 555 0100.' } } } as never);
    expect((await settingsOf(clinicAdmin, clinic)).sms).toEqual({ phoneNumbers: [number], helpText: 'Call us on 415 555 0100.' });

    for (const wrong of ['12345', 'call the front desk', '+0123456789']) {
      await expect(clinicAdmin.api.organizations.updateOne(clinic.businessId, { settings: { sms: { phoneNumbers: [number, wrong] } } } as never)).rejects.toMatchObject({
        message: 'Error parsing field settings: Invalid phone number',
      });
    }
    await expect(clinicAdmin.api.organizations.updateOne(clinic.businessId, { settings: { sms: { optOutText: 'x'.repeat(321) } } } as never)).rejects.toMatchObject({
      message: 'Error parsing field settings: String must not exceed 320 characters',
    });
    expect((await settingsOf(clinicAdmin, clinic)).sms).toEqual({ phoneNumbers: [number], helpText: 'Call us on 415 555 0100.' });
  });

  test("another organization cannot list a number one already has: the first keeps it and its patients' texts still arrive", async () => {
    const number = uniquePhone();
    await clinicAdmin.api.organizations.updateOne(clinic.businessId, { settings: { sms: { phoneNumbers: [number] } } } as never);
    const ownNumber = uniquePhone();
    await otherAdmin.api.organizations.updateOne(other.businessId, { settings: { sms: { phoneNumbers: [ownNumber] } } } as never);

    await expect(otherAdmin.api.organizations.updateOne(other.businessId, { settings: { sms: { phoneNumbers: [ownNumber, number] } } } as never)).rejects.toMatchObject({
      message: 'This phone number is already listed by another organization',
    });
    await expect(otherAdmin.api.organizations.updateOne(other.businessId, { settings: { sms: { phoneNumber: number } } } as never)).rejects.toMatchObject({
      message: 'This phone number is already listed by another organization',
    });
    expect((await settingsOf(otherAdmin, other)).sms).toEqual({ phoneNumbers: [ownNumber] });

    // The clinic still owns it: a patient's text to it lands in the clinic's inbox.
    const phone = uniquePhone();
    const patient = await clinicAdmin.api.endusers.createOne({ phone, fname: 'Pat' });
    expect((await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(phone, number, 'Still there?'))).status).toBe(200);
    expect((await clinicAdmin.api.sms_messages.getSome({ filter: { enduserId: patient.id } })).map((text) => text.message)).toEqual(['Still there?']);

    // Saving the clinic's own settings again, with its own number, is not a conflict with itself.
    await clinicAdmin.api.organizations.updateOne(clinic.businessId, { settings: { sms: { phoneNumbers: [number], optInText: 'Welcome back.' } } } as never);
    expect((await settingsOf(clinicAdmin, clinic)).sms).toMatchObject({ phoneNumbers: [number], optInText: 'Welcome back.' });
  });
});
