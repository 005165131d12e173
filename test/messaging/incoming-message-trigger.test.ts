import { startAutomations, waitFor, type Automations } from '../automations/support';
import { uniquePhone } from './support';
import { claimNumber, incomingText, postAsTwilio, TWILIO_TEST_TOKEN } from './inbound-support';

/** 'Incoming Message' (the reference client's trigger; info: channels, keywords, destinations, noCareTeam) fires on a patient's text. */
describe("the 'Incoming Message' trigger", () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('a text matching its channels and keywords starts a journey for the patient; others do not', async () => {
    const { sdk, tenant } = await automations.session();
    const clinic = uniquePhone();
    await claimNumber(sdk, tenant.businessId, clinic);
    const journey = await sdk.api.journeys.createOne({ title: 'Refill requests' });
    await sdk.api.automation_triggers.createOne({
      title: 'Refill texts',
      status: 'Active',
      event: { type: 'Incoming Message', info: { channels: ['SMS'], keywords: ['refill'], destinations: [clinic] } },
      action: { type: 'Add To Journey', info: { journeyId: journey.id } },
    } as never);
    const asking = await sdk.api.endusers.createOne({ phone: uniquePhone() });
    const chatting = await sdk.api.endusers.createOne({ phone: uniquePhone() });

    expect((await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(chatting.phone!, clinic, 'Thanks for the call'))).status).toBe(200);
    expect((await postAsTwilio(automations.api.host, '/webhooks/twilio/sms', incomingText(asking.phone!, clinic, 'Refill please, lisinopril'))).status).toBe(200);

    const added = await waitFor(() => sdk.api.endusers.getOne(asking.id), (row) => Boolean(row.journeys?.[journey.id]), 'the journey to start');
    expect(Object.keys(added.journeys ?? {})).toContain(journey.id);
    const runs = await waitFor(() => sdk.api.endusers.getOne(chatting.id), () => true);
    expect(runs.journeys?.[journey.id]).toBeUndefined();
  });
});
