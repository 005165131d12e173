import { delayInMs, JOURNEY_ACTIONS } from '@carelane/automation';

type Row = Record<string, any>;
type Event = { type: string; info?: Row };

/** One pending send a change to a live journey touches: who, which automated action, and its time before and after. */
export interface ChangedSend {
  automatedActionId: string;
  enduserId: string;
  journeyId: string;
  /** When it goes out now (ms since the epoch). */
  from?: number;
  /** When it would go out after the change. */
  to?: number;
}

export interface StepChangePlan {
  moved: ChangedSend[];
  appeared: ChangedSend[];
  vanished: ChangedSend[];
  /** Every pending action (send or not) whose time changes: what applying moves in the journey runs. */
  retimed: ChangedSend[];
  /** Every pending action (send or not) whose event the change removes: what applying cancels. */
  dropped: ChangedSend[];
}

const reaches = (action: Row | undefined) => Boolean(action && JOURNEY_ACTIONS[action.type as keyof typeof JOURNEY_ACTIONS]?.reachesPatient);

/** The event of the changed step that the pending action was scheduled by: same kind, following the same step. */
const sameEvent = (scheduledBy: Event, events: Event[]) =>
  events.find((event) => event.type === scheduledBy.type && (event.info?.automationStepId ?? null) === (scheduledBy.info?.automationStepId ?? null));

/**
 * What a change to one step does to the journey's pending actions of that step (status active):
 * a send whose event is still there waits the new delay from the same start, so it moves when the
 * delay changed; one whose event is gone vanishes (it will be cancelled); a pending action that did
 * not reach the patient and now does appears, and the reverse vanishes. Pure: the api reads the
 * rows, the time-skipping test proves the journey runs take the moves.
 */
export const planStepChange = (pending: Row[], before: { events: Event[]; action: Row }, after: { events: Event[]; action: Row }): StepChangePlan => {
  const plan: StepChangePlan = { moved: [], appeared: [], vanished: [], retimed: [], dropped: [] };
  const sendsBefore = reaches(before.action);
  const sendsAfter = reaches(after.action);
  for (const row of pending) {
    const send = { automatedActionId: String(row.id ?? row._id), enduserId: String(row.enduserId), journeyId: String(row.journeyId) };
    const from = Number(row.processAfter);
    const scheduledBy = (row.event ?? { type: '' }) as Event;
    const event = sameEvent(scheduledBy, after.events);
    if (!event) {
      plan.dropped.push({ ...send, from });
      if (sendsBefore) plan.vanished.push({ ...send, from });
      continue;
    }
    // The time it was scheduled from: its processAfter less the delay it was given.
    const to = from - delayInMs(scheduledBy.info) + delayInMs(event.info);
    if (to !== from) plan.retimed.push({ ...send, from, to });
    if (sendsBefore && !sendsAfter) plan.vanished.push({ ...send, from });
    else if (!sendsBefore && sendsAfter) plan.appeared.push({ ...send, to });
    else if (sendsAfter && to !== from) plan.moved.push({ ...send, from, to });
  }
  return plan;
};
