import { beginJourneyWith, type BeginJourneyInput, type JourneyBeginningParts } from './begin-journey';
import type { AutomationEventShape } from './types';

/** Parts over an in-memory journey: which steps start it, which follow which, and how each step's run ends. */
const journeyOf = (steps: { id: string; events: AutomationEventShape[]; run?: 'finished' | 'automation-error' | 'passing-error'; continueOnError?: boolean }[]) => {
  const actions = new Map<string, { stepId: string; status: string }>();
  const calls: string[] = [];
  const parts: JourneyBeginningParts = {
    async enterJourney() {
      calls.push('enter');
      return 'New';
    },
    async findFollowingSteps({ afterStepId }) {
      calls.push(`find:${afterStepId}`);
      return steps.flatMap((step) =>
        step.events
          .filter((event) => (afterStepId ? event.info.automationStepId === afterStepId : event.type === 'onJourneyStart'))
          .map((event) => ({ stepId: step.id, event }))
      );
    },
    async scheduleStep({ id, stepId }) {
      if (!actions.has(id)) actions.set(id, { stepId, status: 'active' });
      const step = steps.find((candidate) => candidate.id === stepId)!;
      return { action: { type: 'sendEmail', info: {} }, continueOnError: Boolean(step.continueOnError), cancelOnFormsOf: [] };
    },
    async runStep({ id }) {
      const action = actions.get(id)!;
      calls.push(`run:${action.stepId}`);
      const run = steps.find((step) => step.id === action.stepId)!.run ?? 'finished';
      if (run === 'automation-error') throw Object.assign(new Error('No template'), { type: 'AutomationError' });
      if (run === 'passing-error') throw new Error('Connection terminated');
      action.status = 'finished';
      return { status: 'finished' };
    },
    async settleStep({ id, status }) {
      actions.get(id)!.status = status;
    },
  };
  return { parts, actions, calls };
};

const request = (runSteps: boolean): BeginJourneyInput => ({
  businessId: 'b',
  journeyId: 'j',
  enduserId: 'e',
  updateId: 'u',
  actionIds: ['a1', 'a2'],
  now: 1_000,
  workflowId: 'w',
  runSteps,
});

const start = { type: 'onJourneyStart', info: {} };

describe('a journey beginning in one activity', () => {
  it('enters, schedules and runs the start steps, and finds what follows those that finished', async () => {
    const journey = journeyOf([
      { id: 's1', events: [start] },
      { id: 's2', events: [{ type: 'afterAction', info: { automationStepId: 's1', delayInMS: 60_000 } }] },
    ]);
    const begun = await beginJourneyWith(journey.parts, request(true));
    expect(begun.state).toBe('New');
    expect(begun.steps).toHaveLength(1);
    expect(begun.steps[0]).toMatchObject({ id: 'a1', processAfter: 1_000, outcome: { status: 'finished' } });
    expect(begun.steps[0].following?.map((match) => match.stepId)).toEqual(['s2']);
    expect(journey.calls).toEqual(['enter', 'find:null', 'run:s1', 'find:s1']);
  });

  it('records an automation error on the step and follows it only when the step continues on error', async () => {
    const journey = journeyOf([
      { id: 's1', events: [start], run: 'automation-error' },
      { id: 's2', events: [start], run: 'automation-error', continueOnError: true },
    ]);
    const begun = await beginJourneyWith(journey.parts, request(true));
    expect(begun.steps.map((step) => step.outcome)).toEqual([
      { status: 'error', message: 'No template' },
      { status: 'error', message: 'No template' },
    ]);
    expect(begun.steps.map((step) => step.following)).toEqual([undefined, []]);
    expect([...journey.actions.values()].map((action) => action.status)).toEqual(['error', 'error']);
  });

  it('leaves a step that failed for a passing reason to the workflow, still active', async () => {
    const journey = journeyOf([{ id: 's1', events: [start], run: 'passing-error' }]);
    const begun = await beginJourneyWith(journey.parts, request(true));
    expect(begun.steps[0].outcome).toBeUndefined();
    expect(begun.steps[0].scheduled).not.toBeNull();
    expect(journey.actions.get('a1')?.status).toBe('active');
  });

  it('runs no step on a retried attempt, and leaves matches beyond the given ids unscheduled', async () => {
    const journey = journeyOf([
      { id: 's1', events: [start] },
      { id: 's2', events: [start] },
      { id: 's3', events: [start] },
    ]);
    const begun = await beginJourneyWith(journey.parts, request(false));
    expect(journey.calls).toEqual(['enter', 'find:null']);
    expect(begun.steps.map((step) => [step.id, step.outcome])).toEqual([
      ['a1', undefined],
      ['a2', undefined],
      [undefined, undefined],
    ]);
    expect([...journey.actions.keys()]).toEqual(['a1', 'a2']);
  });

  it("runs the start steps' sends one after another, so one activity never holds more than one send's connections", async () => {
    const journey = journeyOf([
      { id: 's1', events: [start] },
      { id: 's2', events: [start] },
    ]);
    let running = 0;
    let most = 0;
    const runStep = journey.parts.runStep;
    journey.parts.runStep = async (input) => {
      most = Math.max(most, (running += 1));
      // A send takes a while: a second one started meanwhile would overlap it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        return await runStep(input);
      } finally {
        running -= 1;
      }
    };
    const beginning = await beginJourneyWith(journey.parts, request(true));
    expect(beginning.steps.map((step) => step.outcome?.status)).toEqual(['finished', 'finished']);
    expect(most).toBe(1);
  });
});
