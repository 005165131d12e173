import { EnduserSession } from '@tellescope/sdk';
import { OUTGOING_MESSAGES } from '@carelane/db/internal/outgoing-messages';
import { sleep, startAutomations, waitFor, type Automations } from './support';

/**
 * Automated email and SMS (journey steps, calendar reminders) go through the same delivery path as
 * messages created through the api: unsubscribe honoured, footer and List-Unsubscribe header on every
 * email, and templates see only what a reader of the records through the api sees.
 */
describe('automated messages take the one delivery path', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const onStart = (journeyId: string, action: Record<string, unknown>) => ({ journeyId, events: [{ type: 'onJourneyStart', info: {} }], action } as never);
  const textsTo = async (businessId: string, phone: string) =>
    (await automations.api.dataSource.query(`SELECT "text" FROM "${OUTGOING_MESSAGES}" WHERE channel = 'sms' AND "businessId" = $1 AND "to" = $2`, [businessId, phone])) as { text: string }[];
  const statusOf = (record: unknown) => (record as { deliveryStatus?: string }).deliveryStatus;

  test('a journey email carries the unsubscribe footer and header, and its template cannot show secrets', async () => {
    const { sdk, userId } = await automations.session();
    const template = await sdk.api.templates.createOne({
      title: 'Secrets',
      subject: 'Hello {{enduser.fname}}',
      message: 'Hi {{enduser.fname}} from {{sender.fname}}. hash=[{{sender.hashedPassword}}] own=[{{enduser.hashedPassword}}] v=[{{sender.sessionVersion}}]',
    });
    const journey = await sdk.api.journeys.createOne({ title: 'Footer' });
    await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendEmail', info: { templateId: template.id, senderId: userId } }));
    const enduser = await sdk.api.endusers.createOne({ fname: 'Ada', email: `ada-${Date.now()}@example.test` });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const message = await automations.smtp.waitFor(enduser.email!);
    expect(message.text).toContain('hash=[] own=[] v=[]');
    expect(message.text).not.toMatch(/\$2[aby]\$/);
    const link = `/unsubscribe?enduserId=${enduser.id}&type=email`;
    expect(message.headers['list-unsubscribe']).toContain(link);
    expect(message.text).toContain('To stop receiving these emails, unsubscribe');
    expect(message.html).toContain('unsubscribe</a>');
  });

  test('an enduser unsubscribed from email and SMS gets neither from a journey; the records say why', async () => {
    const { sdk, tenant, userId } = await automations.session();
    const template = await sdk.api.templates.createOne({ title: 'Nudge', subject: 'Nudge', message: 'Time for your check-in' });
    const journey = await sdk.api.journeys.createOne({ title: 'Opted out' });
    const emailStep = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendEmail', info: { templateId: template.id, senderId: userId } }));
    const smsStep = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendSMS', info: { templateId: template.id, senderId: userId } }));
    const phone = `+1415555${String(Date.now()).slice(-4)}`;
    const enduser = await sdk.api.endusers.createOne({ fname: 'Opt', email: `opt-${Date.now()}@example.test`, phone });
    const anonymous = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId });
    await anonymous.api.endusers.unsubscribe({ enduserId: enduser.id, unsubscribeFrom: ['Email', 'SMS'] });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    for (const step of [emailStep, smsStep]) {
      await waitFor(
        () => sdk.api.automated_actions.getSome({ filter: { automationStepId: step.id } }),
        (rows) => rows.length === 1 && rows[0].status === 'finished',
        'the step to finish',
      );
    }
    const [email] = await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } });
    const [sms] = await sdk.api.sms_messages.getSome({ filter: { enduserId: enduser.id } });
    expect(email).toMatchObject({ delivered: false, deliveryStatus: 'skipped' });
    expect(sms).toMatchObject({ delivered: false, deliveryStatus: 'skipped' });
    await sleep(500);
    expect(automations.smtp.to(enduser.email!)).toHaveLength(0);
    expect(await textsTo(tenant.businessId, phone)).toHaveLength(0);
  });

  test('a journey SMS to a subscribed enduser is sent', async () => {
    const { sdk, userId, tenant } = await automations.session();
    const template = await sdk.api.templates.createOne({ title: 'Text', subject: 'Text', message: 'Hi {{enduser.fname}}' });
    const journey = await sdk.api.journeys.createOne({ title: 'Texting' });
    await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendSMS', info: { templateId: template.id, senderId: userId } }));
    const phone = `+1415555${String(Date.now() + 7).slice(-4)}`;
    const enduser = await sdk.api.endusers.createOne({ fname: 'Tex', phone });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    const [text] = await waitFor(() => textsTo(tenant.businessId, phone), (rows) => rows.length === 1, 'the text');
    expect(text.text).toBe('Hi Tex');
    const [sms] = await waitFor(() => sdk.api.sms_messages.getSome({ filter: { enduserId: enduser.id } }), (rows) => rows[0]?.delivered === true, 'delivered');
    expect(statusOf(sms)).toBe('sent');
  });

  test('a reminder email is not sent to an enduser unsubscribed from email, and carries the footer otherwise', async () => {
    const { sdk, tenant } = await automations.session();
    const optedOut = await sdk.api.endusers.createOne({ fname: 'Quiet', email: `quiet-${Date.now()}@example.test` });
    const subscribed = await sdk.api.endusers.createOne({ fname: 'Loud', email: `loud-${Date.now()}@example.test` });
    const anonymous = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId });
    await anonymous.api.endusers.unsubscribe({ enduserId: optedOut.id, unsubscribeFrom: ['Email'] });
    await sdk.api.calendar_events.createOne({
      title: 'Visit',
      startTimeInMS: Date.now() + 3_000,
      durationInMinutes: 15,
      attendees: [
        { type: 'enduser', id: optedOut.id },
        { type: 'enduser', id: subscribed.id },
      ],
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: 2_000, info: { channel: 'Email' } }],
    } as never);
    const message = await automations.smtp.waitFor(subscribed.email!, { timeoutMs: 20_000 });
    expect(message.headers['list-unsubscribe']).toContain(`/unsubscribe?enduserId=${subscribed.id}&type=email`);
    const [skipped] = await waitFor(() => sdk.api.emails.getSome({ filter: { enduserId: optedOut.id } }), (rows) => statusOf(rows[0] ?? {}) === 'skipped', 'the skipped reminder');
    expect(skipped.delivered).toBe(false);
    expect(automations.smtp.to(optedOut.email!)).toHaveLength(0);
  });
});
