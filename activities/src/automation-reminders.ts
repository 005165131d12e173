import type { DataSource } from 'typeorm';
import { Context, log } from '@temporalio/activity';
import { deliverStoredMessage } from './channels/delivery';
import { deliveryChannels, type AutomationDeps } from './automation-action-context';
import { derivedId, heartbeating, recordBackgroundError, type Row } from './automation-records';
import { spokenTime, zoneFor, type ReminderPlan } from '@carelane/automation';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';
import { attendeesOf, REMINDER_KINDS, type ReminderDelivery } from './reminder-kinds';

interface Reminder {
  type: string;
  info?: Row;
  msBeforeStartTime: number;
  didRemind?: boolean;
  dontSendIfPassed?: boolean;
}

const attemptNumber = () => {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
};

/**
 * Calendar event reminders. `didRemind` is set and the message records are written in one
 * transaction; each message is then sent while its record is locked and marked delivered in the same
 * transaction, so a retried activity (after a crash) sends only what had not gone out. A delivery that
 * fails is recorded as a background error rather than retried (a late reminder is worth less than a
 * visible failure).
 */
export const createReminderActivities = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) => {
  const sendReminder = reminderSender({ dataSource, ...deps });
  return {
    /**
     * The event's reminders as they are now. When the start moved since `knownStartTimeInMS`, reminders
     * still ahead of the new start are armed again (didRemind cleared): rescheduling moves them.
     */
    async loadReminderPlan({
      businessId,
      calendarEventId,
      knownStartTimeInMS,
    }: {
      businessId: string;
      calendarEventId: string;
      knownStartTimeInMS?: number;
    }): Promise<ReminderPlan> {
      return dataSource.transaction(async (manager) => {
        const event = await systemWithin(manager, wholeBusiness(businessId)).byId('calendar_events', calendarEventId, { lock: true });
        if (!event || event.cancelledAt) return { active: false, startTimeInMS: event?.startTimeInMS ?? 0, reminders: [] };
        const start = Number(event.startTimeInMS);
        let reminders = ((event.reminders as Reminder[] | null) ?? []).map((reminder) => ({ ...reminder }));
        if (knownStartTimeInMS !== undefined && knownStartTimeInMS !== start) {
          const now = Date.now();
          reminders = reminders.map((reminder) => (start - reminder.msBeforeStartTime > now ? { ...reminder, didRemind: false } : reminder));
          await systemWithin(manager, ownerOf(event)).updateOne('calendar_events', calendarEventId, {}, { serverFields: { reminders } });
        }
        return {
          active: true,
          startTimeInMS: start,
          reminders: reminders.map((reminder, index) => ({
            index,
            type: reminder.type,
            dueAt: start - reminder.msBeforeStartTime,
            didRemind: Boolean(reminder.didRemind),
            dontSendIfPassed: Boolean(reminder.dontSendIfPassed),
          })),
        };
      });
    },

    /** Sends one reminder if it is still due for this start time; answers journeys to start (add-to-journey). */
    async sendReminder(input: { businessId: string; calendarEventId: string; index: number; startTimeInMS: number; dueAt: number }) {
      return heartbeating(() => sendReminder(input));
    },
  };
};

const reminderSender = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) =>
  async function sendReminder(input: { businessId: string; calendarEventId: string; index: number; startTimeInMS: number; dueAt: number }) {
    const { businessId, calendarEventId } = input;
    /**
     * Sends through the one delivery path (unsubscribe, footer, ledger) while holding the message
     * record's lock, and writes the outcome in the same transaction; the ledger commits on its own
     * (claim before the send, "sent" after), so a crash before this transaction commits is no resend.
     */
    const deliverOnce = (resource: 'emails' | 'sms_messages', id: string) =>
      dataSource.transaction(async (manager) => {
        const record = await systemWithin(manager, wholeBusiness(businessId)).byId(resource, id, { lock: true });
        if (!record || record.delivered) return;
        await systemWithin(manager, ownerOf(record)).updateOne(
          resource,
          id,
          {},
          { serverFields: { ...(await deliverStoredMessage(manager, deliveryChannels(deps), resource, record, new Date(), { ledger: dataSource.manager })) } }
        );
      });
    // A retry after a crash prepares the same records again (their ids are derived) and sends what is still undelivered.
    const retrying = attemptNumber() > 1;
    const prepared = await dataSource.transaction(async (manager) => {
      const event = await systemWithin(manager, wholeBusiness(businessId)).byId('calendar_events', calendarEventId, { lock: true });
      if (!event || event.cancelledAt || Number(event.startTimeInMS) !== input.startTimeInMS) return null;
      // The reminder acts as the event's organization: attendees, templates and records it cannot see are left out.
      const owner = ownerOf(event);
      const reminders = ((event.reminders as Reminder[] | null) ?? []).map((reminder) => ({ ...reminder }));
      const reminder = reminders[input.index];
      if (!reminder || (reminder.didRemind && !retrying) || input.startTimeInMS - reminder.msBeforeStartTime !== input.dueAt) return null;
      reminder.didRemind = true;
      await systemWithin(manager, owner).updateOne('calendar_events', calendarEventId, {}, { serverFields: { reminders } });
      if (reminder.dontSendIfPassed && input.startTimeInMS <= Date.now())
        return { deliveries: [] as ReminderDelivery[], journeyStarts: [] as { enduserId: string; journeyId: string }[], event };

      const base = derivedId(calendarEventId, `reminder:${input.index}:${input.startTimeInMS}`);
      const deliveries: ReminderDelivery[] = [];
      const journeyStarts: { enduserId: string; journeyId: string }[] = [];
      const info = reminder.info ?? {};
      const endusers = attendeesOf(event, 'enduser');
      // Each person reads the time on their own clock: their zone, else the event's, else the organization's.
      const organization = await systemWithin(manager, wholeBusiness(businessId)).byId('organizations', owner.organizationIds.at(-1) ?? businessId);
      const when = (person?: Row | null, locale?: string) => spokenTime(input.startTimeInMS, zoneFor(person?.timezone, event.timezone, organization?.timezone), locale);

      await REMINDER_KINDS[reminder.type]?.({ manager, owner, businessId, calendarEventId, input, event, reminder, info, base, endusers, when, deps, deliverOnce, deliveries, journeyStarts });
      return { deliveries, journeyStarts, event };
    });
    if (!prepared) return { sent: false, journeyStarts: [] };
    for (const delivery of prepared.deliveries) {
      try {
        await delivery.run();
      } catch (error) {
        log.warn('reminder delivery failed', { calendarEventId, delivery: delivery.describe, error: (error as Error).message });
        await recordBackgroundError(dataSource.manager, {
          id: derivedId(derivedId(calendarEventId, `reminder:${input.index}:${input.startTimeInMS}`), `error:${delivery.describe}`),
          businessId,
          title: 'Calendar reminder not delivered',
          message: `The reminder (${delivery.describe}) for "${prepared.event.title}" failed: ${(error as Error).message}`,
          organizationIds: prepared.event.organizationIds,
        });
      }
    }
    return { sent: true, journeyStarts: prepared.journeyStarts };
  };

export type ReminderActivities = ReturnType<typeof createReminderActivities>;
