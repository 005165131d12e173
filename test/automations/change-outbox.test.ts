import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { newId, openDataSource } from '@carelane/db';
import { MAX_ATTEMPTS } from '@carelane/api/events/change-outbox';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { sleep, startAutomations, waitFor, type Automations } from './support';

/**
 * The transactional outbox (docs/decisions.md "Change outbox"): a committed change reaches the
 * automation dispatcher and subscription webhooks even when the process that committed it died
 * before handing it on, or a consumer failed; and normal operation leaves no rows behind.
 */

const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

type Sdk = Awaited<ReturnType<Automations['session']>>['sdk'];

/** A journey whose first step emails the enduser on joining. */
const welcomeJourney = async (sdk: Sdk, userId: string) => {
  const template = await sdk.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.fname}}.' });
  const journey = await sdk.api.journeys.createOne({ title: 'Onboarding' });
  await sdk.api.automation_steps.createOne({
    journeyId: journey.id,
    events: [{ type: 'onJourneyStart', info: {} }],
    action: { type: 'sendEmail', info: { templateId: template.id, senderId: userId } },
  } as never);
  return journey;
};

// The endusers' changes these tests make (joining a journey also records an engagement event, whose row is not their subject).
const outboxRows = (api: RunningApi, businessId: string) =>
  api.dataSource.query(`SELECT "_id", "event", "attempts", "doneConsumers", "taskQueue" FROM "change_outbox" WHERE "businessId" = $1 AND "event"->>'resource' = 'endusers'`, [businessId]) as Promise<
    { _id: string; event: Record<string, any>; attempts: number; doneConsumers: string[]; taskQueue: string }[]
  >;

describe('a change committed by an api that died before dispatching it', () => {
  let automations: Automations;
  let next: RunningApi | undefined;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await next?.stop();
    await automations?.stop();
  });

  test('is dispatched by the next api process: the journey email arrives and the outbox row is gone', async () => {
    const { sdk, tenant, userId } = await automations.session();
    const journey = await welcomeJourney(sdk, userId);

    // The process dies after the commit and before the dispatch: its feed and relay no longer run,
    // so the enduser and its outbox row (written by the engine in the same transaction) are all that is left.
    await automations.api.changes.stop();
    const email = address('crash');
    const enduser = await sdk.api.endusers.createOne({ fname: 'Robin', email, journeys: { [journey.id]: 'New' } } as never);
    const [row] = await outboxRows(automations.api, tenant.businessId);
    expect(row).toMatchObject({ attempts: 0, taskQueue: automations.taskQueue, event: { kind: 'created', resource: 'endusers', record: { _id: enduser.id } } });
    expect(row.event.record).not.toHaveProperty('hashedPassword');
    await sleep(1_500);
    expect(automations.smtp.to(email)).toHaveLength(0);

    // The grace period that keeps relays off the fast path's rows has passed; then the next api starts.
    await automations.api.dataSource.query(`UPDATE "change_outbox" SET "nextAttemptAt" = now() WHERE "_id" = $1`, [row._id]);
    next = await startApi({ taskQueue: automations.taskQueue });

    const message = await automations.smtp.waitFor(email, { timeoutMs: 30_000 });
    expect(message.subject).toBe('Welcome Robin');
    await waitFor(() => outboxRows(automations.api, tenant.businessId), (rows) => rows.length === 0, 'the outbox row to be deleted');
    await sleep(1_500);
    expect(automations.smtp.to(email)).toHaveLength(1);
  });
});

describe('outbox rows owned by an api that died', () => {
  let automations: Automations;
  let next: RunningApi | undefined;
  let alive: DataSource | undefined;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await next?.stop();
    await alive?.destroy();
    await automations?.stop();
  });

  /** A database session of its own, as an api's listening connection is: its pid and start time. */
  const session = async (dataSource: DataSource) =>
    ((await dataSource.query(`SELECT pid, backend_start::text AS since FROM pg_stat_activity WHERE pid = pg_backend_pid()`)) as { pid: number; since: string }[])[0];

  test('are replayed by the next api at once, not after their lease; a live owner keeps its rows until theirs ends', async () => {
    const { sdk, tenant, userId } = await automations.session();
    const journey = await welcomeJourney(sdk, userId);
    await automations.api.changes.stop();
    const deadEmail = address('dead-owner');
    const liveEmail = address('live-owner');
    const deadEnduser = await sdk.api.endusers.createOne({ fname: 'Dana', email: deadEmail, journeys: { [journey.id]: 'New' } } as never);
    const liveEnduser = await sdk.api.endusers.createOne({ fname: 'Lee', email: liveEmail, journeys: { [journey.id]: 'New' } } as never);

    // Both rows leased for ten more minutes, as a relay leaves the rows it claimed: one by a session that has ended (its api was killed), one by a session still open.
    // poolSize 2: openDataSource migrates on a second connection while holding the first (1 would wait for itself).
    const gone = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
    const deadOwner = await session(gone);
    await gone.destroy();
    alive = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
    const liveOwner = await session(alive);
    for (const [enduserId, owner] of [[deadEnduser.id, deadOwner], [liveEnduser.id, liveOwner]] as const) {
      await automations.api.dataSource.query(
        `UPDATE "change_outbox" SET "nextAttemptAt" = now() + interval '10 minutes', "attempts" = 1, "ownerPid" = $2, "ownerSince" = $3::timestamptz
          WHERE "businessId" = $1 AND "event"->>'resource' = 'endusers' AND "event"->'record'->>'_id' = $4`,
        [tenant.businessId, owner.pid, owner.since, enduserId],
      );
    }
    next = await startApi({ taskQueue: automations.taskQueue });

    const message = await automations.smtp.waitFor(deadEmail, { timeoutMs: 30_000 });
    expect(message.subject).toBe('Welcome Dana');
    await waitFor(() => outboxRows(automations.api, tenant.businessId), (rows) => rows.length === 1, 'the dead owner\'s row to be deleted');
    await sleep(5_000);
    const [left] = await outboxRows(automations.api, tenant.businessId);
    expect(left).toMatchObject({ attempts: 1, event: { record: { _id: liveEnduser.id } } });
    expect(automations.smtp.to(liveEmail)).toHaveLength(0);
    expect(automations.smtp.to(deadEmail)).toHaveLength(1);
  });
});

describe('the change outbox in a running api', () => {
  let automations: Automations;

  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  /** Makes the api's Temporal client refuse journey starts for `enduserEmail` `times` times (Temporal unreachable). */
  const failJourneyStarts = (times: number) => {
    const client = automations.api.services.automations;
    const original = client.startJourney.bind(client);
    const calls = { count: 0 };
    client.startJourney = async (...args: Parameters<typeof original>) => {
      calls.count += 1;
      if (calls.count <= times) throw new Error('Temporal is unreachable (test)');
      return original(...args);
    };
    return { calls, restore: () => void (client.startJourney = original) };
  };

  test('a consumer failing once is retried from the outbox and the journey still runs once', async () => {
    const { sdk, tenant, userId } = await automations.session();
    const journey = await welcomeJourney(sdk, userId);
    const email = address('retry');
    const enduser = await sdk.api.endusers.createOne({ fname: 'Sam', email });
    const failing = failJourneyStarts(1);
    try {
      await sdk.api.endusers.updateOne(enduser.id, { journeys: { [journey.id]: 'New' } });
      // The fast path failed: the row stays, one try counted, every other consumer's part done (the
      // automation dispatcher's alone is retried).
      const [row] = await waitFor(
        () => outboxRows(automations.api, tenant.businessId),
        (rows) => rows.some((candidate) => candidate.attempts === 1),
        'the failed try to be recorded'
      );
      expect([...row.doneConsumers].sort()).toEqual(['inbox-notification-emails', 'realtime', 'webhooks']);

      const message = await automations.smtp.waitFor(email, { timeoutMs: 30_000 });
      expect(message.subject).toBe('Welcome Sam');
      await waitFor(() => outboxRows(automations.api, tenant.businessId), (rows) => rows.length === 0, 'the outbox row to be deleted');
      expect(failing.calls.count).toBe(2);
      await sleep(1_500);
      expect(automations.smtp.to(email)).toHaveLength(1);
    } finally {
      failing.restore();
    }
  });

  test('a change that keeps failing is given up after the last try, with a background error for staff', async () => {
    const { sdk, tenant } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Unreachable' });
    // A crash left this row after many tries: the relay's next try is its last.
    const now = new Date();
    const enduserId = newId();
    const record = { _id: enduserId, businessId: tenant.businessId, organizationIds: [], sharedWithOrganizations: [], creator: enduserId, fname: 'Lost', journeys: { [journey.id]: 'New' }, createdAt: now, updatedAt: now };
    const outboxId = newId();
    const failing = failJourneyStarts(Number.MAX_SAFE_INTEGER);
    try {
      await automations.api.dataSource.transaction(async (manager) => {
        await manager.getRepository('endusers').insert(record);
        await manager.query(
          `INSERT INTO "change_outbox" ("_id", "businessId", "event", "taskQueue", "attempts", "nextAttemptAt") VALUES ($1, $2, $3, $4, $5, now())`,
          [outboxId, tenant.businessId, JSON.stringify({ kind: 'created', resource: 'endusers', businessId: tenant.businessId, record }), automations.taskQueue, MAX_ATTEMPTS - 1]
        );
      });
      const [error] = await waitFor(
        () => sdk.api.background_errors.getSome({ filter: { enduserId } }),
        (rows) => rows.length === 1,
        'the background error'
      );
      expect(error).toMatchObject({ id: outboxId, title: 'Automations and webhooks missed a change to endusers' });
      expect(error.message).toContain('Temporal is unreachable (test)');
      expect(await outboxRows(automations.api, tenant.businessId)).toEqual([]);
    } finally {
      failing.restore();
    }
  });

  test('normal operation leaves the outbox empty', async () => {
    const { sdk, tenant } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Busy' });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Busy', email: address('busy') });
    await sdk.api.endusers.updateOne(enduser.id, { journeys: { [journey.id]: 'New' }, tags: ['a'] });
    await sdk.api.endusers.createSome([{ fname: 'One' }, { fname: 'Two' }]);
    await sdk.api.endusers.updateOne(enduser.id, { journeys: {} }, { replaceObjectFields: true });
    await sdk.api.endusers.deleteOne(enduser.id);
    await sdk.api.journeys.deleteOne(journey.id);
    await automations.api.changes.idle();
    expect(await outboxRows(automations.api, tenant.businessId)).toEqual([]);
  });
});
