import { randomBytes } from 'node:crypto';
import { EnduserSession } from '@tellescope/sdk';
import { startAutomations, type Automations } from './support';

/** docs/contract/access.md#enduser-access: an enduser may add themselves to a journey (a self-enrolment programme), and nobody else. */
describe('an enduser adds themselves to a journey', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('their own run starts and mails them; adding someone else, or a journey of another organization, is refused', async () => {
    const { sdk, userId, tenant } = await automations.session();
    const template = await sdk.api.templates.createOne({ title: 'Enrolled', subject: 'You are enrolled, {{enduser.fname}}', message: 'Welcome aboard.' });
    const journey = await sdk.api.journeys.createOne({ title: 'Self-enrolment' });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: userId } },
    } as never);
    const email = `self-${randomBytes(4).toString('hex')}@example.test`;
    const me = await sdk.api.endusers.createOne({ fname: 'Sam', email });
    const neighbour = await sdk.api.endusers.createOne({ fname: 'Neighbour' });
    await sdk.api.endusers.set_password({ id: me.id, password: 'Enrolled-pass-1' });
    const session = new EnduserSession({ host: automations.api.host, businessId: tenant.businessId });
    await session.authenticate(email, 'Enrolled-pass-1');

    await expect(session.api.endusers.add_to_journey({ enduserIds: [neighbour.id], journeyId: journey.id })).rejects.toMatchObject({
      message: 'Endusers may only add themselves to a journey',
    });
    const elsewhere = await (await automations.session()).sdk.api.journeys.createOne({ title: 'Not yours' });
    await expect(session.api.endusers.add_to_journey({ enduserIds: [me.id], journeyId: elsewhere.id })).rejects.toMatchObject({
      message: 'Could not find a record for the given id',
    });

    await session.api.endusers.add_to_journey({ enduserIds: [me.id], journeyId: journey.id });
    const message = await automations.smtp.waitFor(email);
    expect(message.subject).toBe('You are enrolled, Sam');
    expect((await sdk.api.automated_actions.getSome({ filter: { enduserId: neighbour.id } })).length).toBe(0);
  });
});
