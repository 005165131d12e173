import { condition, defineQuery, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ReminderActivities } from '@carelane/activities/automation-reminders';
import type { ReminderPlan } from '@carelane/automation';
import { QUERIES, SIGNALS } from './constants';
import { startJourneyRun } from './effects';

export interface RemindersInput {
  businessId: string;
  calendarEventId: string;
}

export interface RemindersStatus {
  startTimeInMS: number | null;
  /** When the next reminder goes out (null: none left). */
  nextDueAt: number | null;
  sent: number;
}

/** The event changed (moved, cancelled, reminders edited or deleted): read it again. */
export const remindersChangedSignal = defineSignal(SIGNALS.remindersChanged);
export const remindersStatusQuery = defineQuery<RemindersStatus>(QUERIES.remindersStatus);

const { loadReminderPlan } = proxyActivities<ReminderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 },
});

const { sendReminder } = proxyActivities<ReminderActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * The reminders of one calendar event: each fires msBeforeStartTime before the start. The api
 * signals (or starts) this run whenever the event is created or changes; a moved event moves its
 * reminders, a cancelled or deleted one ends the run. The run ends once the event has started and
 * every reminder is done.
 */
export async function calendarRemindersWorkflow(input: RemindersInput): Promise<{ sent: number; ended: 'started' | 'cancelled' }> {
  const { businessId, calendarEventId } = input;
  let changed = true;
  let plan: ReminderPlan | undefined;
  let nextDueAt: number | null = null;
  let sent = 0;
  setHandler(remindersChangedSignal, () => {
    changed = true;
  });
  setHandler(remindersStatusQuery, () => ({ startTimeInMS: plan?.startTimeInMS ?? null, nextDueAt, sent }));

  for (;;) {
    if (changed) {
      changed = false;
      plan = await loadReminderPlan({ businessId, calendarEventId, knownStartTimeInMS: plan?.startTimeInMS });
    }
    if (!plan!.active) return { sent, ended: 'cancelled' };
    const next = plan!.reminders.filter((reminder) => !reminder.didRemind).sort((a, b) => a.dueAt - b.dueAt)[0];
    nextDueAt = next?.dueAt ?? null;
    if (!next) {
      // Nothing left to send; a reschedule before the start may arm the reminders again.
      const untilStart = plan!.startTimeInMS - Date.now();
      if (untilStart <= 0) return { sent, ended: 'started' };
      if (await condition(() => changed, untilStart)) continue;
      return { sent, ended: 'started' };
    }
    const wait = next.dueAt - Date.now();
    if (wait > 0 && (await condition(() => changed, wait))) continue;
    if (changed) continue;
    const result = await sendReminder({ businessId, calendarEventId, index: next.index, startTimeInMS: plan!.startTimeInMS, dueAt: next.dueAt });
    if (result.sent) sent += 1;
    for (const start of result.journeyStarts) await startJourneyRun({ businessId, journeyId: start.journeyId, enduserId: start.enduserId });
    changed = true;
  }
}
