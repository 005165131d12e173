import { randomBytes } from 'node:crypto';
import { createWorker, type PlatformWorker } from '@carelane/workflows/worker';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { adminSession, createTenant } from '../support/tenant';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('adding an enduser to a journey runs a Temporal workflow whose activity writes to PostgreSQL', () => {
  const taskQueue = `journeys-${randomBytes(4).toString('hex')}`;
  let api: RunningApi;
  let worker: PlatformWorker;
  let running: Promise<void>;
  let closeConnection: () => Promise<void>;

  beforeAll(async () => {
    api = await startApi({ taskQueue });
    const created = await createWorker({ dataSource: api.dataSource, address: testEnv().temporalAddress, namespace: 'default', taskQueue });
    worker = created.worker;
    closeConnection = () => created.connection.close();
    running = worker.run();
  });
  afterAll(async () => {
    worker.shutdown();
    await running;
    await closeConnection();
    await api.stop();
  });

  test('the enduser enters the default state once, recorded as an enduser_status_updates row', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    const journey = await sdk.api.journeys.createOne({ title: 'Onboarding' });
    expect(journey).toMatchObject({ defaultState: 'New', states: [{ name: 'New', priority: 'N/A' }] });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Journey' });

    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
    // Adding again finds the same workflow (deterministic id) and runs nothing twice.
    await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });

    const updates = await waitFor(
      () => sdk.api.enduser_status_updates.getSome({ filter: { enduserId: enduser.id } }),
      (rows) => rows.length > 0
    );
    expect(updates).toEqual([expect.objectContaining({ journeyId: journey.id, enduserId: enduser.id, status: 'New' })]);
    await expect(sdk.api.endusers.getOne(enduser.id)).resolves.toMatchObject({ journeys: { [journey.id]: 'New' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sdk.api.enduser_status_updates.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(1);
  });

  test('a journey whose defaultState is not among its states is refused', async () => {
    const sdk = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(sdk.api.journeys.createOne({ title: 'Broken', defaultState: 'Missing', states: [{ name: 'New', priority: 'N/A' }] })).rejects.toMatchObject({
      message: 'defaultState does not exist in states',
    });
  });
});
