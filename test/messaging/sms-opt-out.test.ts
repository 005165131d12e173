import { OUTGOING_MESSAGES } from '@carelane/db/internal/outgoing-messages';
import { startAutomations, waitFor, type Automations } from '../automations/support';
import { uniquePhone } from './support';
import { claimNumber, incomingText, postAsTwilio, TWILIO_TEST_TOKEN, twimlMessages } from './inbound-support';

/** STOP, START and HELP (carriers' keywords; docs/decisions.md, issue 33): consent follows the phone, for staff and automations alike. */
describe('opting out of texts', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const onStart = (journeyId: string, action: Record<string, unknown>) => ({ journeyId, events: [{ type: 'onJourneyStart', info: {} }], action } as never);
  const textsTo = async (businessId: string, phone: string) =>
    (await automations.api.dataSource.query(`SELECT "text" FROM "${OUTGOING_MESSAGES}" WHERE channel = 'sms' AND "businessId" = $1 AND "to" = $2`, [businessId, phone])) as { text: string }[];

  test('STOP stops manual and automated texts with one confirmation; START restores them; HELP answers the help text', async () => {
    const { sdk, tenant, userId } = await automations.session();
    const clinic = uniquePhone();
    await claimNumber(sdk, tenant.businessId, clinic, { helpText: 'Sunrise Clinic: call 555-0100 for help.' });
    const phone = uniquePhone();
    const patient = await sdk.api.endusers.createOne({ fname: 'Sam', phone });

    const stop = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'Stop'));
    expect(stop.status).toBe(200);
    expect(twimlMessages(stop.text)).toHaveLength(1);
    expect(twimlMessages(stop.text)[0]).toContain('Reply START to resubscribe');
    expect(await sdk.api.endusers.getOne(patient.id)).toMatchObject({ phoneConsent: false });

    // A staff member's text is refused, and nothing is stored or sent.
    await expect(sdk.api.sms_messages.createOne({ enduserId: patient.id, message: 'Are you there?' })).rejects.toMatchObject({ message: 'This phone number has opted out of texts' });
    // A journey's text is recorded as not sent, with the reason.
    const template = await sdk.api.templates.createOne({ title: 'Nudge', subject: 'Nudge', message: 'Time for your check-in' });
    const journey = await sdk.api.journeys.createOne({ title: 'Check-ins' });
    const step = await sdk.api.automation_steps.createOne(onStart(journey.id, { type: 'sendSMS', info: { templateId: template.id, senderId: userId } }));
    await sdk.api.endusers.add_to_journey({ enduserIds: [patient.id], journeyId: journey.id });
    await waitFor(() => sdk.api.automated_actions.getSome({ filter: { automationStepId: step.id } }), (rows) => rows[0]?.status === 'finished', 'the step to finish');
    const automated = (await sdk.api.sms_messages.getSome({ filter: { enduserId: patient.id } })).find((text) => text.automationStepId === step.id);
    expect(automated).toMatchObject({ delivered: false, deliveryStatus: 'skipped', deliveryNote: 'This phone number has opted out of texts' });
    expect(await textsTo(tenant.businessId, phone)).toEqual([]);

    const help = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'HELP'));
    expect(twimlMessages(help.text)).toEqual(['Sunrise Clinic: call 555-0100 for help.']);

    const start = await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(phone, clinic, 'start'));
    expect(twimlMessages(start.text)).toHaveLength(1);
    expect(await sdk.api.endusers.getOne(patient.id)).toMatchObject({ phoneConsent: true });
    const sent = await sdk.api.sms_messages.createOne({ enduserId: patient.id, message: 'Welcome back.' });
    expect(sent).toMatchObject({ delivered: true, deliveryStatus: 'sent' });
    expect((await textsTo(tenant.businessId, phone)).map((text) => text.text)).toEqual(['Welcome back.']);

    // Every keyword text is on the timeline, with the confirmation that answered it.
    const timeline = await sdk.api.sms_messages.getSome({ filter: { enduserId: patient.id } });
    expect(timeline.filter((text) => text.inbound).map((text) => text.message).sort()).toEqual(['HELP', 'Stop', 'start']);
    expect(timeline.filter((text) => !text.inbound && text.logOnly)).toHaveLength(3);
  });
});
