import { signWebhook } from '@carelane/activities/automation-webhook';
import { eventually, itemsOf, openClientSocket } from '../realtime/support';
import { sleep, startAutomations, startWebhookReceiver, waitFor, type Automations } from './support';

/**
 * Issue 29 (docs/decisions.md): a sendWebhook step that names its own url must carry its own secret.
 * The business's webhook secret signs only the business's configured url; lent to a url a staff
 * member typed, it would hand them validly signed payloads to replay against the clinic's receiver.
 */
const BUSINESS_SECRET = 'the-clinics-own-webhook-secret';
const MESSAGE = 'A webhook step with its own url needs its own secret';

describe('a webhook step with its own url needs its own secret', () => {
  let automations: Automations;
  let business: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let collector: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    automations = await startAutomations();
    business = await startWebhookReceiver();
    collector = await startWebhookReceiver();
  });
  afterAll(async () => {
    await business?.stop();
    await collector?.stop();
    await automations?.stop();
  });

  const configured = async () => {
    const session = await automations.session();
    await session.sdk.api.webhooks.configure({ url: business.url, secret: BUSINESS_SECRET } as never);
    const journey = await session.sdk.api.journeys.createOne({ title: 'Webhooks' });
    return { ...session, journey };
  };

  test('creating a step (or an automated action) with a url and no secret answers 400 and stores nothing', async () => {
    const { sdk, journey } = await configured();
    await expect(
      sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'onJourneyStart', info: {} }],
        action: { type: 'sendWebhook', info: { message: 'hi', url: collector.url } },
      } as never),
    ).rejects.toMatchObject({ message: MESSAGE });
    expect(await sdk.api.automation_steps.getSome({ filter: { journeyId: journey.id } })).toEqual([]);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Ada' });
    const step = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendWebhook', info: { message: 'hi' } },
    } as never);
    await expect(
      sdk.api.automated_actions.createOne({
        automationStepId: step.id,
        enduserId: enduser.id,
        journeyId: journey.id,
        event: { type: 'onJourneyStart', info: {} },
        action: { type: 'sendWebhook', info: { message: 'hi', url: collector.url } },
        status: 'finished',
        processAfter: 0,
      } as never),
    ).rejects.toMatchObject({ message: MESSAGE });
    expect(await sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } })).toEqual([]);
  });

  test('updating a step to a url without a secret answers 400 and changes nothing; with its own secret it is accepted', async () => {
    const { sdk, journey } = await configured();
    const step = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendWebhook', info: { message: 'to the clinic' } },
    } as never);
    await expect(
      sdk.api.automation_steps.updateOne(step.id, { action: { type: 'sendWebhook', info: { message: 'elsewhere', url: collector.url } } } as never),
    ).rejects.toMatchObject({ message: MESSAGE });
    expect((await sdk.api.automation_steps.getOne(step.id)).action).toEqual({ type: 'sendWebhook', info: { message: 'to the clinic' } });

    await sdk.api.automation_steps.updateOne(step.id, {
      action: { type: 'sendWebhook', info: { message: 'elsewhere', url: collector.url, secret: 'a-secret-of-the-steps-own' } },
    } as never);
    expect((await sdk.api.automation_steps.getOne(step.id)).action).toMatchObject({ info: { url: collector.url } });
  });

  test('a stored legacy step with a url and no secret is not signed with the business secret: it fails, recorded as a background error', async () => {
    const { sdk, journey } = await configured();
    const step = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendWebhook', info: { message: 'legacy', url: collector.url, secret: 'a-secret-of-the-steps-own' } },
    } as never);
    // A step written before the rule: its secret removed behind the api's back.
    await automations.api.dataSource.query(`UPDATE automation_steps SET action = $1 WHERE _id = $2`, [
      JSON.stringify({ type: 'sendWebhook', info: { message: 'legacy', url: collector.url } }),
      step.id,
    ]);
    const before = { collector: collector.received.length, business: business.received.length };
    const enduser = await sdk.api.endusers.createOne({ fname: 'Legacy' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const [action] = await waitFor(
      () => sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows[0]?.status === 'error' || rows[0]?.status === 'finished',
      'the webhook step to end',
      60_000,
    );
    expect(action.status).toBe('error');
    const errors = await waitFor(
      () => sdk.api.background_errors.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows.length === 1,
      'the background error',
    );
    expect(errors[0]).toMatchObject({ journeyId: journey.id, message: expect.stringContaining(MESSAGE) });
    await sleep(500);
    const signedForCollector = collector.received
      .slice(before.collector)
      .filter(({ headers, body }) => headers['x-carelane-signature'] === signWebhook(BUSINESS_SECRET, headers['x-carelane-timestamp'] as string, body));
    expect(signedForCollector).toEqual([]);
    expect(collector.received.length).toBe(before.collector);
    expect(business.received.length).toBe(before.business);
  });

  test('a step without a url still goes to the configured webhook, signed with the business secret', async () => {
    const { sdk, journey } = await configured();
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendWebhook', info: { message: 'to the clinic' } },
    } as never);
    const before = business.received.length;
    const enduser = await sdk.api.endusers.createOne({ fname: 'Clinic' });
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    await waitFor(async () => business.received.length, (count) => count === before + 1, 'the configured webhook', 60_000);
    const { headers, body } = business.received[before];
    expect(headers['x-carelane-signature']).toBe(signWebhook(BUSINESS_SECRET, headers['x-carelane-timestamp'] as string, body));
    expect(JSON.parse(body)).toMatchObject({ message: 'to the clinic', enduserId: enduser.id });
  });

  test("a step's own secret is write-only: no read, change event or webhook carries it, writing the read step back keeps it, and the worker still signs with it", async () => {
    const { sdk, journey } = await configured();
    const secret = `the-steps-own-secret-${Date.now()}`;
    // Record changes of steps go to the business's webhook too (the change feed).
    await sdk.api.webhooks.configure({ url: business.url, secret: BUSINESS_SECRET, subscriptions: { automation_steps: { create: true, update: true } } } as never);
    const { socket, received } = await openClientSocket(sdk);
    try {
      const created = await sdk.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'onJourneyStart', info: {} }],
        action: { type: 'sendWebhook', info: { message: 'signed by the step', url: collector.url, secret } },
      } as never);
      const action = { type: 'sendWebhook', info: { message: 'signed by the step', url: collector.url } };
      expect(created.action).toEqual(action);
      expect((await sdk.api.automation_steps.getOne(created.id)).action).toEqual(action);
      expect((await sdk.api.automation_steps.getSome({ filter: { journeyId: journey.id } })).map((step) => step.action)).toEqual([action]);
      const stored = async () => ((await automations.api.dataSource.query(`SELECT action FROM automation_steps WHERE _id = $1`, [created.id])) as { action: unknown }[])[0].action;
      expect(await stored()).toEqual({ type: 'sendWebhook', info: { ...action.info, secret } });

      // The step as read, written back (moved in the flowchart, its message edited), merged and replaced alike.
      const read = await sdk.api.automation_steps.getOne(created.id);
      await sdk.api.automation_steps.updateOne(created.id, { action: read.action, flowchartUI: { x: 10, y: 20 } } as never);
      await sdk.api.automation_steps.updateOne(created.id, { action: { ...read.action, info: { ...read.action.info, message: 'edited' } } } as never, { replaceObjectFields: true });
      expect(await stored()).toEqual({ type: 'sendWebhook', info: { message: 'edited', url: collector.url, secret } });

      // Another url without a secret does not take the stored one along: refused, nothing changed.
      await expect(
        sdk.api.automation_steps.updateOne(created.id, { action: { type: 'sendWebhook', info: { message: 'edited', url: `${collector.url}/elsewhere` } } } as never),
      ).rejects.toMatchObject({ message: MESSAGE });
      await expect(
        sdk.api.automation_steps.updateOne(created.id, { action: { type: 'sendWebhook', info: { message: 'edited', url: `${collector.url}/elsewhere` } } } as never, { replaceObjectFields: true }),
      ).rejects.toMatchObject({ message: MESSAGE });
      expect(await stored()).toEqual({ type: 'sendWebhook', info: { message: 'edited', url: collector.url, secret } });

      // The worker reads the stored step: the delivery is signed with the step's own secret.
      const before = collector.received.length;
      const enduser = await sdk.api.endusers.createOne({ fname: 'Signed' });
      await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
      await waitFor(async () => collector.received.length, (count) => count === before + 1, 'the step\'s webhook', 60_000);
      const { headers, body } = collector.received[before];
      expect(headers['x-carelane-signature']).toBe(signWebhook(secret, headers['x-carelane-timestamp'] as string, body));
      expect(body).not.toContain(secret);
      const [run] = await waitFor(
        () => sdk.api.automated_actions.getSome({ filter: { enduserId: enduser.id } }),
        (rows) => rows[0]?.status === 'finished',
        'the automated action to finish',
      );
      expect(run.action).toEqual({ type: 'sendWebhook', info: { message: 'edited', url: collector.url } });
      expect((await sdk.api.automated_actions.getOne(run.id)).action).toEqual(run.action);

      // Neither the change feed's webhooks nor the sockets carried it, though they carried the changes.
      const feed = () => business.received.map(({ body }) => body).filter((text) => text.includes('"automation_steps"'));
      await waitFor(async () => feed().filter((text) => text.includes(created.id)), (bodies) => bodies.length >= 3, 'the change feed of the step', 30_000);
      await eventually(() => itemsOf(received, 'updated-automation_steps').length > 0, 10_000, 'updated-automation_steps');
      for (const text of [...feed(), JSON.stringify([...received.entries()])]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain('"secret"');
      }
    } finally {
      socket.disconnect();
    }
  });
});
