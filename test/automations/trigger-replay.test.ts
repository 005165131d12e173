import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';

/**
 * A trigger's action now runs as a local activity (workflows/src/trigger.ts, issue 12). Runs started
 * before that change, still retrying their regular activity when a new worker takes over, must go on
 * as they began: their histories replay on today's workflow code without a determinism error. Both
 * fixtures are real histories of an 'Add Tags' trigger, recorded from a dev server: one by the code
 * before the change (a scheduled activity), one by today's (the patch marker and the local activity's).
 */
const history = (name: string) =>
  temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(join(__dirname, 'fixtures', `trigger-history-${name}.json`), 'utf8')));

const replay = (name: string) =>
  Worker.runReplayHistory({ workflowsPath: require.resolve('@carelane/workflows') }, history(name), `trigger-${name}`);

describe("an automation trigger's recorded runs replay on today's code", () => {
  test('a run recorded before the local activity (its action a queued activity)', async () => {
    const events = history('queued-activity').events.map((event) => event.eventType);
    expect(events).toContain(temporal.api.enums.v1.EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
    await expect(replay('queued-activity')).resolves.toBeUndefined();
  });

  test('a run recorded with the local activity', async () => {
    const events = history('local-activity').events.map((event) => event.eventType);
    expect(events).not.toContain(temporal.api.enums.v1.EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED);
    await expect(replay('local-activity')).resolves.toBeUndefined();
  });
});
