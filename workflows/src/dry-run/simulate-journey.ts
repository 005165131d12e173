import { randomBytes } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundleOption } from '@temporalio/worker';
import {
  afterQuietHours,
  beginJourneyWith,
  delayInMs,
  followingMatches,
  JOURNEY_ACTIONS,
  type AutomationEventShape,
  type BeginJourneyRequest,
  type CatalogueEntry,
  type JourneyBeginning,
  type StepMatch,
} from '@carelane/automation';
import { QUERIES, WORKFLOW_TYPES } from '../constants';
import { workflowCode } from '../worker/workflow-code';
import type { JourneyInput, JourneyStatus } from '../journey';

/** An automation step as the dry run reads it (a serialized automation_steps record). */
export interface SimulationStep {
  id: string;
  events?: AutomationEventShape[];
  action?: { type: string; info?: Record<string, unknown> };
  continueOnError?: boolean;
}

/** What the journey workflow did on the simulated clock. */
export interface SimulatedEntry {
  stepId: string;
  /** ms after the enduser entered the journey; undefined for a step still waiting (form, ticket, trigger) at the end. */
  atMs?: number;
  eventType: string;
  afterStepId?: string;
  /** How long the organization's quiet hours held the step past its own time. */
  heldMs?: number;
}

/** The organization's quiet hours, on the clock of the made-up patient (the organization's zone). */
export interface SimulatedQuietHours {
  timeZone: string;
}

export interface Simulation {
  entries: SimulatedEntry[];
  /** Simulated time the run covered, in ms after the start. */
  simulatedMs: number;
  /** Whether the run was cut short (a cycle of steps, or steps further ahead than the horizon). */
  truncated: boolean;
}

/** A cycle of steps would run forever: the simulation stops after this many. */
export const MAX_SIMULATED_STEPS = 200;
/** Steps further ahead than this (simulated) are not waited for. */
export const SIMULATION_HORIZON_MS = 5 * 365 * 86_400_000;

interface RecordedStep {
  stepId: string;
  event: AutomationEventShape;
  /** ms after the start: the step it follows's time plus the workflow's own delay (see simulatedTime). */
  atMs: number;
  heldMs?: number;
}

const reachesPatient = (type: string | undefined) => Boolean(type && (JOURNEY_ACTIONS as Record<string, CatalogueEntry | undefined>)[type]?.reachesPatient);

/**
 * Activities that record instead of act: the same names and answers the journey workflow expects
 * (activities/src/journey-activities.ts, automation-activities.ts), over the given steps in memory.
 * Nothing is read from or written to the database, nothing is sent.
 */
const recordingActivities = (steps: SimulationStep[], defaultState: string, quietHours?: SimulatedQuietHours) => {
  const scheduled = new Map<string, RecordedStep>();
  const ran: RecordedStep[] = [];
  let startedAt: number | undefined;
  const byId = (id: string) => steps.find((step) => step.id === id);
  /**
   * The workflow's processAfter is its clock when it scheduled the step plus the step's delay. On the
   * test server that clock also moves with the real time the harness spends between a step's timer
   * and its followers being scheduled (activities, queries: over a second under CI load), which a
   * real run does not have in any amount worth showing. So the time shown is the followed step's
   * time plus the same delay the workflow waited (delayInMs, the function it uses); a step that
   * follows nothing that ran (a start step) is at the workflow's own time after the start.
   */
  const simulatedTime = (event: AutomationEventShape, processAfter: number) => {
    const delay = event.type === 'afterAction' || event.type === 'formUnsubmitted' ? delayInMs(event.info) : 0;
    const followedStepId = event.info?.automationStepId as string | undefined;
    const followed = followedStepId ? ran.filter((entry) => entry.stepId === followedStepId).at(-1) : undefined;
    return followed ? followed.atMs + delay : processAfter - (startedAt ?? processAfter);
  };
  const activities = {
    async enterJourney() {
      // The beginning (below) knows the workflow's own clock at the start; a run that enters
      // through the activity alone (recorded histories' path) has only the activity's time.
      startedAt ??= Context.current().info.scheduledTimestampMs;
      return defaultState;
    },
    async findFollowingSteps({ afterStepId }: { afterStepId: string | null }): Promise<StepMatch[]> {
      return followingMatches([...steps].sort((a, b) => (a.id < b.id ? -1 : 1)), afterStepId);
    },
    async scheduleStep({ id, stepId, event, processAfter }: { id: string; stepId: string; event: AutomationEventShape; processAfter: number }) {
      const step = byId(stepId);
      if (!step?.action) return null;
      const atMs = simulatedTime(event, processAfter);
      // Quiet hours, on the simulated wall clock (the run's start plus the step's time), as the worker decides them.
      const wall = (startedAt ?? processAfter) + atMs;
      const heldMs = quietHours && reachesPatient(step.action.type) ? afterQuietHours(wall, quietHours.timeZone) - wall : 0;
      scheduled.set(id, { stepId, event, atMs: atMs + heldMs, ...(heldMs > 0 ? { heldMs } : {}) });
      const cancelConditions = (event.info?.cancelConditions as { type: string; info: { automationStepId: string } }[] | undefined) ?? [];
      return {
        action: { type: step.action.type, info: step.action.info ?? {} },
        continueOnError: Boolean(step.continueOnError),
        cancelOnFormsOf: cancelConditions.filter((condition) => condition.type === 'formResponse').map((condition) => condition.info.automationStepId),
        ...(heldMs > 0 ? { heldUntil: processAfter + heldMs } : {}),
      };
    },
    async runStep({ id }: { id: string }) {
      const entry = scheduled.get(id);
      if (!entry) return { status: 'gone' as const };
      ran.push(entry);
      return { status: 'finished' as const };
    },
    async settleStep() {},
    async beginJourney(request: BeginJourneyRequest): Promise<JourneyBeginning> {
      startedAt ??= request.now;
      return beginJourneyWith(activities, { ...request, runSteps: true });
    },
    async cancelPendingSteps() {
      return 0;
    },
    async reopenStep() {
      return null;
    },
  };
  return { activities, ran, startedAt: () => startedAt };
};

let bundle: Promise<WorkflowBundleOption> | undefined;
/** The workflow code, bundled once per process (seconds; every later dry run reuses it) unless prebuilt (workflow-code.ts). */
const workflowBundle = () => {
  bundle ??= workflowCode().catch((error) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
};

let queue: Promise<unknown> = Promise.resolve();
/** One simulation at a time per process: each owns its test server and its clock. */
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
};

/**
 * Runs the journey workflow itself (workflows/src/journey.ts, bundled as the worker bundles it) on
 * Temporal's time-skipping test server with recording activities, for a made-up enduser: each
 * step's time is the workflow's own Date.now() plus its own delay when it scheduled the step, and
 * the clock is skipped to the next pending step until nothing is left but steps waiting for a form,
 * a ticket or a trigger (which no one answers in a dry run). `testServerPath` is the
 * temporal-test-server binary (never downloaded here).
 */
export const simulateJourney = (input: { steps: SimulationStep[]; defaultState: string; testServerPath: string; quietHours?: SimulatedQuietHours }): Promise<Simulation> =>
  oneAtATime(async () => {
    const workflowBundleCode = await workflowBundle();
    const env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: input.testServerPath } } });
    try {
      const recorder = recordingActivities(input.steps, input.defaultState, input.quietHours);
      const taskQueue = `dry-run-${randomBytes(4).toString('hex')}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        workflowBundle: workflowBundleCode,
        activities: recorder.activities,
      });
      const id = 'd'.repeat(24);
      const journeyInput: JourneyInput = { businessId: id, journeyId: id, enduserId: id };
      return await worker.runUntil(async () => {
        const handle = await env.client.workflow.start(WORKFLOW_TYPES.journey, { workflowId: `dry-run-${taskQueue}`, taskQueue, args: [journeyInput] });
        let truncated = false;
        let status: JourneyStatus;
        let quietRounds = 0;
        let lastRan = -1;
        for (;;) {
          status = await handle.query<JourneyStatus>(QUERIES.journeyStatus);
          if (recorder.ran.length >= MAX_SIMULATED_STEPS) {
            truncated = true;
            break;
          }
          if (status.pending.length) {
            quietRounds = 0;
            const next = Math.min(...status.pending.map((step) => step.processAfter));
            const now = await env.currentTimeMs();
            if (next - (recorder.startedAt() ?? now) > SIMULATION_HORIZON_MS) {
              truncated = true;
              break;
            }
            // Past the next step's time: its timer fires and the activity runs.
            await env.sleep(Math.max(next - now, 0) + 1);
            continue;
          }
          // Nothing pending: done once the run has entered and two looks in a row saw no new step
          // (a finished step's followers are scheduled by activities a moment later).
          quietRounds = recorder.ran.length === lastRan && status.state !== null ? quietRounds + 1 : 0;
          lastRan = recorder.ran.length;
          if (quietRounds >= 3) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const start = recorder.startedAt() ?? 0;
        const entries: SimulatedEntry[] = recorder.ran.map((entry) => ({
          stepId: entry.stepId,
          atMs: entry.atMs,
          eventType: entry.event.type,
          ...(entry.event.info?.automationStepId ? { afterStepId: entry.event.info.automationStepId as string } : {}),
          ...(entry.heldMs ? { heldMs: entry.heldMs } : {}),
        }));
        for (const waiting of status.waiting) {
          const step = input.steps.find((candidate) => candidate.id === waiting.stepId);
          const event = step?.events?.find((candidate) => candidate.type === waiting.kind && candidate.info?.automationStepId === waiting.sourceStepId);
          entries.push({ stepId: waiting.stepId, eventType: event?.type ?? waiting.kind, afterStepId: waiting.sourceStepId });
        }
        const simulatedMs = (await env.currentTimeMs()) - start;
        await handle.terminate('dry run finished');
        return { entries, simulatedMs, truncated };
      });
    } finally {
      await env.teardown();
    }
  });
