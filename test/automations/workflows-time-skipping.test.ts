import { randomBytes } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Runtime, DefaultLogger, Worker } from '@temporalio/worker';
import type { Activities } from '@carelane/activities';
import { beginJourneyWith, followingMatches, type BeginJourneyRequest, type JourneyBeginning, type StepMatch } from '@carelane/automation';
import { journeyWorkflowId, QUERIES, remindersWorkflowId, SIGNALS, WORKFLOW_TYPES } from '@carelane/workflows/constants';
import type { JourneyStatus } from '@carelane/workflows/journey';
import type { RemindersStatus } from '@carelane/workflows/reminders';
import { temporalTestServerBinary } from '../../scripts/services/temporal-test-server';

/**
 * Unit tests of the workflows on Temporal's time-skipping test server: timers of days pass in
 * moments (env.sleep), activities are in-memory fakes that record what the workflow asked for.
 */

const DAY = 86_400_000;
const BUSINESS = 'b'.repeat(24);
const JOURNEY = 'a'.repeat(24);

interface FakeStep {
  id: string;
  events: { type: string; info: Record<string, any> }[];
  action: { type: string; info: Record<string, any> };
  continueOnError?: boolean;
  fail?: string;
}

/** In-memory stand-ins for the automation activities: automated actions by id, and the steps that ran. */
const fakeActivities = (steps: FakeStep[]) => {
  const actions = new Map<string, { stepId: string; status: string; processAfter: number }>();
  const ran: string[] = [];
  const reminders = { startTimeInMS: 0, list: [] as { msBeforeStartTime: number; didRemind: boolean }[], cancelled: false, sentAt: [] as number[] };
  const byId = (id: string) => steps.find((step) => step.id === id)!;
  const activities = {
    async enterJourney() {
      return 'New';
    },
    async findFollowingSteps({ afterStepId }: { afterStepId: string | null }): Promise<StepMatch[]> {
      return followingMatches(steps, afterStepId);
    },
    async scheduleStep({ id, stepId, event, processAfter }: { id: string; stepId: string; event: { info: Record<string, any> }; processAfter: number }) {
      if (!actions.has(id)) actions.set(id, { stepId, status: 'active', processAfter });
      const step = byId(stepId);
      return {
        action: step.action,
        continueOnError: Boolean(step.continueOnError),
        cancelOnFormsOf: ((event.info.cancelConditions as { info: { automationStepId: string } }[] | undefined) ?? []).map((c) => c.info.automationStepId),
      };
    },
    async runStep({ id }: { id: string }) {
      const action = actions.get(id)!;
      const step = byId(action.stepId);
      if (step.fail) throw ApplicationFailure.create({ message: step.fail, type: 'AutomationError', nonRetryable: true });
      action.status = 'finished';
      ran.push(action.stepId);
      return { status: 'finished' as const };
    },
    async settleStep({ id, status }: { id: string; status: string }) {
      const action = actions.get(id);
      if (action?.status === 'active') action.status = status;
    },
    async beginJourney(request: BeginJourneyRequest): Promise<JourneyBeginning> {
      return beginJourneyWith(activities, { ...request, runSteps: true });
    },
    async cancelPendingSteps() {
      for (const action of actions.values()) if (action.status === 'active') action.status = 'cancelled';
    },
    async loadReminderPlan({ knownStartTimeInMS }: { knownStartTimeInMS?: number }) {
      if (knownStartTimeInMS !== undefined && knownStartTimeInMS !== reminders.startTimeInMS) {
        for (const reminder of reminders.list) if (reminders.startTimeInMS - reminder.msBeforeStartTime > fakeNow()) reminder.didRemind = false;
      }
      return {
        active: !reminders.cancelled,
        startTimeInMS: reminders.startTimeInMS,
        reminders: reminders.list.map((reminder, index) => ({
          index,
          type: 'enduser-notification',
          dueAt: reminders.startTimeInMS - reminder.msBeforeStartTime,
          didRemind: reminder.didRemind,
          dontSendIfPassed: false,
        })),
      };
    },
    async sendReminder({ index, startTimeInMS }: { index: number; startTimeInMS: number }) {
      if (startTimeInMS !== reminders.startTimeInMS || reminders.list[index].didRemind) return { sent: false, journeyStarts: [] };
      reminders.list[index].didRemind = true;
      reminders.sentAt.push(fakeNow());
      return { sent: true, journeyStarts: [] };
    },
  };
  const statuses = (stepId: string) => [...actions.values()].filter((action) => action.stepId === stepId).map((action) => action.status);
  return { activities, ran, statuses, reminders, actions };
};

let env: TestWorkflowEnvironment;
/** The test server's clock (skipped time) when the running activity was scheduled. */
const fakeNow = () => Context.current().info.currentAttemptScheduledTimestampMs;

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const step = (id: string, events: FakeStep['events'], extra: Partial<FakeStep> = {}): FakeStep => ({
  id,
  events,
  action: { type: 'setEnduserStatus', info: { status: id } },
  ...extra,
});
const id = (letter: string) => letter.repeat(24);
const after = (stepId: string, delay: number, unit: string, extra: Record<string, any> = {}) => ({
  type: 'afterAction',
  info: { automationStepId: stepId, delay, unit, delayInMS: 0, ...extra },
});

beforeAll(() => {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
});

// A test server of its own for each test: a run terminated with an activity in flight can leave the
// server's time-skipping lock taken, and later sleeps would then pass in real time.
beforeEach(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: temporalTestServerBinary() } } });
});

afterEach(async () => {
  await env?.teardown();
});

/** Runs `body` with a worker hosting every workflow and the given fakes on a fresh task queue. */
const withWorker = async (fakes: ReturnType<typeof fakeActivities>, body: (taskQueue: string) => Promise<void>) => {
  const taskQueue = `ts-${randomBytes(4).toString('hex')}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowsPath: require.resolve('@carelane/workflows'),
    activities: fakes.activities as unknown as Activities,
  });
  await worker.runUntil(body(taskQueue));
};

/** Waits until the run reports the step as pending: its timer is then set, so skipping time reaches it. */
const pendingIn = async (handle: { query: <T>(name: string) => Promise<T> }, stepId: string) =>
  until(
    async () => (await handle.query<JourneyStatus>(QUERIES.journeyStatus)).pending.some((entry) => entry.stepId === stepId),
    `step ${stepId} to be pending`
  );

const startJourney = (taskQueue: string, enduserId = randomBytes(12).toString('hex')) =>
  env.client.workflow.start(WORKFLOW_TYPES.journey, {
    taskQueue,
    workflowId: journeyWorkflowId(BUSINESS, JOURNEY, enduserId),
    args: [{ businessId: BUSINESS, journeyId: JOURNEY, enduserId }],
  });

describe('journey workflow on the time-skipping server', () => {
  test('a Days-long delay completes in seconds, and the following step runs after it', async () => {
    const A = id('1');
    const B = id('2');
    const fakes = fakeActivities([step(A, [{ type: 'onJourneyStart', info: {} }]), step(B, [after(A, 3, 'Days')])]);
    const started = Date.now();
    await withWorker(fakes, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await until(async () => (await handle.query<JourneyStatus>(QUERIES.journeyStatus)).stepsTaken.includes(A), 'the onJourneyStart step');
      await until(async () => (await handle.query<JourneyStatus>(QUERIES.journeyStatus)).pending.length === 1, 'one pending step');
      const status = await handle.query<JourneyStatus>(QUERIES.journeyStatus);
      expect(status.pending).toEqual([expect.objectContaining({ stepId: B, eventType: 'afterAction' })]);
      const before = Number(await env.currentTimeMs());
      expect(status.pending[0].processAfter - before).toBeGreaterThan(3 * DAY - 60_000);
      expect(fakes.statuses(B)).toEqual(['active']);

      await env.sleep('2 days');
      expect(fakes.ran).toEqual([A]);
      await env.sleep('1 day');
      await until(() => fakes.ran.includes(B), 'the delayed step');
      expect(fakes.statuses(B)).toEqual(['finished']);
      expect((await handle.query<JourneyStatus>(QUERIES.journeyStatus)).stepsTaken).toEqual([A, B]);
      await handle.terminate();
    });
    // Three days of workflow time passed without waiting for them: far less than a day of wall clock
    // (not a speed target; a loaded CI machine may take minutes).
    expect(Date.now() - started).toBeLessThan(DAY);
  });

  test('a cancel condition (the form of an earlier step submitted) cancels the pending step', async () => {
    const A = id('1');
    const B = id('2');
    const fakes = fakeActivities([
      step(A, [{ type: 'onJourneyStart', info: {} }]),
      step(B, [after(A, 2, 'Days', { cancelConditions: [{ type: 'formResponse', info: { automationStepId: A } }] })]),
    ]);
    await withWorker(fakes, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await pendingIn(handle, B);
      await env.sleep('1 day');
      await handle.signal(SIGNALS.formSubmitted, { automationStepId: A, formResponseId: id('f') });
      await until(() => fakes.statuses(B)[0] === 'cancelled', 'the step to be cancelled');
      await env.sleep('3 days');
      expect(fakes.ran).toEqual([A]);
      await handle.terminate();
    });
  });

  test('formUnsubmitted fires only when the form stays unsubmitted', async () => {
    const A = id('1');
    const U = id('3');
    const steps = [
      step(A, [{ type: 'onJourneyStart', info: {} }]),
      step(U, [{ type: 'formUnsubmitted', info: { automationStepId: A, delay: 1, unit: 'Days', delayInMS: DAY } }]),
    ];

    const unanswered = fakeActivities(steps);
    await withWorker(unanswered, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await pendingIn(handle, U);
      await env.sleep('25 hours');
      await until(() => unanswered.ran.includes(U), 'the follow-up for an unsubmitted form');
      await handle.terminate();
    });

    const answered = fakeActivities(steps);
    await withWorker(answered, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await pendingIn(handle, U);
      await env.sleep('6 hours');
      await handle.signal(SIGNALS.formSubmitted, { automationStepId: A });
      await until(() => answered.statuses(U)[0] === 'cancelled', 'the follow-up to be cancelled');
      await env.sleep('2 days');
      expect(answered.ran).toEqual([A]);
      await handle.terminate();
    });
  });

  test('ticketCompleted, formResponse and waitForTrigger steps run when their signal arrives', async () => {
    const A = id('1');
    const T = id('4');
    const F = id('5');
    const W = id('6');
    const fakes = fakeActivities([
      step(A, [{ type: 'onJourneyStart', info: {} }]),
      step(T, [{ type: 'ticketCompleted', info: { automationStepId: A, closedForReason: 'Resolved' } }]),
      step(F, [{ type: 'formResponse', info: { automationStepId: A } }]),
      step(W, [{ type: 'waitForTrigger', info: { automationStepId: A, triggerId: id('7') } }]),
    ]);
    await withWorker(fakes, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await until(async () => (await handle.query<JourneyStatus>(QUERIES.journeyStatus)).waiting.length === 3, 'three listening steps');
      await handle.signal(SIGNALS.ticketCompleted, { automationStepId: A, closedForReason: 'Other' });
      await handle.signal(SIGNALS.triggerFired, { triggerId: id('8') });
      await env.sleep('1 hour');
      expect(fakes.ran).toEqual([A]);
      await handle.signal(SIGNALS.ticketCompleted, { automationStepId: A, closedForReason: 'Resolved' });
      await handle.signal(SIGNALS.formSubmitted, { automationStepId: A });
      await handle.signal(SIGNALS.triggerFired, { triggerId: id('7') });
      await until(() => fakes.ran.length === 4, 'the three listening steps to run');
      expect(new Set(fakes.ran)).toEqual(new Set([A, T, F, W]));
      await handle.terminate();
    });
  });

  test('a failed step is recorded as error; what follows runs only with continueOnError', async () => {
    const A = id('1');
    const B = id('2');
    const C = id('3');
    const D = id('4');
    const fakes = fakeActivities([
      step(A, [{ type: 'onJourneyStart', info: {} }], { fail: 'The enduser has no email address' }),
      step(B, [after(A, 1, 'Minutes')]),
      step(C, [{ type: 'onJourneyStart', info: {} }], { fail: 'Template missing', continueOnError: true }),
      step(D, [after(C, 1, 'Hours')]),
    ]);
    await withWorker(fakes, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await until(() => fakes.statuses(A)[0] === 'error' && fakes.statuses(C)[0] === 'error', 'both failures to be recorded');
      await pendingIn(handle, D);
      await env.sleep('2 hours');
      await until(() => fakes.ran.includes(D), 'the step after the continueOnError failure');
      expect(fakes.statuses(B)).toEqual([]);
      await handle.terminate();
    });
  });

  test('cancelling the run (removed from the journey) cancels its pending automated actions', async () => {
    const A = id('1');
    const B = id('2');
    const fakes = fakeActivities([step(A, [{ type: 'onJourneyStart', info: {} }]), step(B, [after(A, 5, 'Days')])]);
    await withWorker(fakes, async (taskQueue) => {
      const handle = await startJourney(taskQueue);
      await pendingIn(handle, B);
      await handle.cancel();
      await expect(handle.result()).rejects.toThrow();
      expect(fakes.statuses(B)).toEqual(['cancelled']);
      expect((await handle.describe()).status.name).toBe('CANCELLED');
    });
  });
});

describe('calendar reminders on the time-skipping server', () => {
  test('a reminder fires msBeforeStartTime before the start and follows a rescheduled event', async () => {
    const fakes = fakeActivities([]);
    await withWorker(fakes, async (taskQueue) => {
      const now = Number(await env.currentTimeMs());
      fakes.reminders.startTimeInMS = now + 2 * DAY;
      fakes.reminders.list = [{ msBeforeStartTime: DAY, didRemind: false }];
      const eventId = id('9');
      const handle = await env.client.workflow.signalWithStart(WORKFLOW_TYPES.reminders, {
        taskQueue,
        workflowId: remindersWorkflowId(BUSINESS, eventId),
        args: [{ businessId: BUSINESS, calendarEventId: eventId }],
        signal: SIGNALS.remindersChanged,
        signalArgs: [],
      });
      await until(async () => (await handle.query<RemindersStatus>(QUERIES.remindersStatus)).nextDueAt === now + DAY, 'the first plan');

      // Moved two days later: the reminder now falls on day 3, not day 1.
      fakes.reminders.startTimeInMS = now + 4 * DAY;
      await handle.signal(SIGNALS.remindersChanged);
      await until(async () => (await handle.query<RemindersStatus>(QUERIES.remindersStatus)).nextDueAt === now + 3 * DAY, 'the moved plan');
      await env.sleep('2 days');
      expect(fakes.reminders.sentAt).toEqual([]);
      await env.sleep('1 day');
      await until(() => fakes.reminders.sentAt.length === 1, 'the reminder');
      expect(fakes.reminders.sentAt[0]).toBeGreaterThanOrEqual(now + 3 * DAY);
      expect(fakes.reminders.sentAt[0]).toBeLessThan(now + 3 * DAY + 60 * 60_000);

      // Cancelling the event ends the run without another reminder.
      fakes.reminders.cancelled = true;
      await handle.signal(SIGNALS.remindersChanged);
      await expect(handle.result()).resolves.toEqual({ sent: 1, ended: 'cancelled' });
    });
  });
});
