import { openClientSocket, itemsOf, eventually } from '../realtime/support';
import { startAutomations, waitFor, type Automations } from './support';

/**
 * Changes a journey's activities make are announced like any other (issue 11): a chat a journey step
 * posts reaches the care team's sockets, while the automation dispatcher ignores the journey's own
 * writes, so a trigger on what the journey changed does not fire (no loop), though the same change
 * made by staff fires it.
 */
describe('changes made by automations', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const outboxRows = (businessId: string) =>
    automations.api.dataSource.query(`SELECT "_id" FROM "change_outbox" WHERE "businessId" = $1`, [businessId]) as Promise<unknown[]>;

  test('an automated chat reaches a socket.io subscriber, and the journey’s own tag write fires no trigger', async () => {
    const { sdk, tenant } = await automations.session();
    const { socket, received } = await openClientSocket(sdk);
    try {
      const journey = await sdk.api.journeys.createOne({ title: 'Welcome chat' });
      const template = await sdk.api.templates.createOne({ title: 'Hello', subject: 'Hello', message: 'Welcome {{enduser.fname}}!' } as never);
      const chat = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'onJourneyStart', info: {} }],
        action: { type: 'sendChat', info: { templateId: template.id, identifier: 'Care team' } },
      } as never);
      await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'afterAction', info: { automationStepId: chat.id, delay: 0, unit: 'Seconds', delayInMS: 0 } }],
        action: { type: 'addEnduserTags', info: { tags: ['welcomed'] } },
      } as never);
      await sdk.api.automation_triggers.createOne({
        title: 'Welcomed',
        status: 'Active',
        event: { type: 'Field Equals', info: { field: 'tags', value: 'welcomed' } },
        action: { type: 'Add Tags', info: { tags: ['looped'] } },
      } as never);

      const enduser = await sdk.api.endusers.createOne({ fname: 'Casey', journeys: { [journey.id]: 'New' } } as never);
      await eventually(
        () => itemsOf(received, 'created-chats').some((item) => (item as { message?: string }).message === 'Welcome Casey!'),
        60_000,
        'the automated chat on the socket',
      );
      await waitFor(() => sdk.api.endusers.getOne(enduser.id), (record) => (record.tags ?? []).includes('welcomed'), 'the journey to tag the enduser', 60_000);
      // Every change the journey made has been handed to the consumers (the dispatcher among them).
      await waitFor(() => outboxRows(tenant.businessId), (rows) => rows.length === 0, 'the automation changes to be handled', 60_000);

      // The trigger is live: the same tag added by staff fires it.
      const other = await sdk.api.endusers.createOne({ fname: 'Control' });
      await sdk.api.endusers.updateOne(other.id, { tags: ['welcomed'] });
      await waitFor(() => sdk.api.endusers.getOne(other.id), (record) => (record.tags ?? []).includes('looped'), 'the trigger to fire for a staff change', 60_000);
      await waitFor(() => outboxRows(tenant.businessId), (rows) => rows.length === 0, 'the trigger’s own change to be handled', 60_000);

      expect((await sdk.api.endusers.getOne(enduser.id)).tags).toEqual(['welcomed']);
    } finally {
      socket.disconnect();
    }
  });
});
