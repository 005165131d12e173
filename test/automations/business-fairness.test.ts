import { triggerTaskQueue } from '@carelane/automation';
import { startAutomations, waitFor, type Automations } from './support';

const BURST = 400;

/**
 * Every workflow carries its business as Temporal's fairness key, and the dev server takes keys in
 * turn: one clinic's burst of automations does not hold back another clinic's.
 */
describe('automations: fairness between clinics', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations({ workerLater: true });
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test("a clinic's trigger runs soon after it fires, although another clinic's 400 runs were queued before it", async () => {
    const busy = await automations.session();
    const quiet = await automations.session();
    const tagOnCreate = (session: typeof busy, tag: string) =>
      session.sdk.api.automation_triggers.createOne({
        title: `tag ${tag}`,
        status: 'Active',
        event: { type: 'Field Equals', info: { field: 'lname', value: 'Arrival' } },
        action: { type: 'Add Tags', info: { tags: [tag] } },
      } as never);
    await tagOnCreate(busy, 'busy');
    await tagOnCreate(quiet, 'quiet');
    const running = async () => {
      const client = await automations.temporal();
      return (await client.workflow.count(`TaskQueue = "${triggerTaskQueue(automations.taskQueue)}" AND ExecutionStatus = "Running"`)).count;
    };

    // The busy clinic's burst is queued first, in full, with no worker yet to take it; then the quiet clinic's one run.
    await busy.sdk.api.endusers.createSome(Array.from({ length: BURST }, (_, index) => ({ fname: `Member${index}`, lname: 'Arrival' })) as never);
    // 400 starts take about 20 s on a fast machine and over a minute on a slow one.
    await waitFor(running, (count) => count === BURST, "the busy clinic's runs queued", 180_000);
    const solo = await quiet.sdk.api.endusers.createOne({ fname: 'Solo', lname: 'Arrival' } as never);
    await waitFor(running, (count) => count === BURST + 1, "the quiet clinic's run queued", 30_000);

    void automations.runWorker();
    await waitFor(() => quiet.sdk.api.endusers.getOne(solo.id), (enduser) => Boolean(enduser.tags?.includes('quiet')), "the quiet clinic's tag", 60_000);
    const busyTagged = async () => (await busy.sdk.api.endusers.getSome({ limit: 1000 })).filter((enduser) => enduser.tags?.includes('busy')).length;
    const before = await busyTagged();
    // In arrival order it would come after all 400; taking keys in turn, it comes among the first.
    expect(before).toBeLessThan(BURST / 2);
    // And the burst itself is all done, none lost.
    await waitFor(busyTagged, (count) => count === BURST, "the busy clinic's tags", 120_000);
  }, 420_000);
});
