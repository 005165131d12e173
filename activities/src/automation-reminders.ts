import type { DataSource } from 'typeorm';
import { Context, log } from '@temporalio/activity';
import { deliverStoredMessage } from './channels/delivery';
import { deliveryChannels, templateContext, visible, webhookTarget, type AutomationDeps } from './automation-action-context';
import { derivedId, emailRecord, heartbeating, recordBackgroundError, smsRecord, type Row } from './automation-records';
import { renderTemplate } from './automation-template';
import { spokenTime, zoneFor, type ReminderPlan } from '@carelane/automation';
import { deliverWebhook } from './automation-webhook';
import { createRecordOnce, ownerOf, systemWithin, wholeBusiness } from './worker-engine';

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

const attendeesOf = (event: Row, type: 'enduser' | 'user') =>
  ((event.attendees as { type: string; id: string }[] | null) ?? []).filter((attendee) => attendee.type === type).map((attendee) => attendee.id);

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
    type Delivery = { describe: string; run: () => Promise<void> };
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
        return { deliveries: [] as Delivery[], journeyStarts: [] as { enduserId: string; journeyId: string }[], event };

      const base = derivedId(calendarEventId, `reminder:${input.index}:${input.startTimeInMS}`);
      const deliveries: Delivery[] = [];
      const journeyStarts: { enduserId: string; journeyId: string }[] = [];
      const info = reminder.info ?? {};
      const endusers = attendeesOf(event, 'enduser');
      // Each person reads the time on their own clock: their zone, else the event's, else the organization's.
      const organization = await systemWithin(manager, wholeBusiness(businessId)).byId('organizations', owner.organizationIds.at(-1) ?? businessId);
      const when = (person?: Row | null) => spokenTime(input.startTimeInMS, zoneFor(person?.timezone, event.timezone, organization?.timezone));

      if (reminder.type === 'enduser-notification') {
        const template = info.templateId ? await systemWithin(manager, owner).byId('templates', info.templateId) : null;
        for (const enduserId of endusers) {
          const enduser = await systemWithin(manager, owner).byId('endusers', enduserId);
          if (!enduser) continue;
          const values = { ...(await templateContext(manager, owner, enduser)), calendar_event: visible('calendar_events', event) };
          const subject = template ? renderTemplate(template.subject, values) : `Reminder: ${event.title}`;
          const text = template ? renderTemplate(template.message, values) : `This is a reminder of ${event.title} on ${when(enduser)}.`;
          const id = derivedId(base, enduserId);
          const useSms = info.channel === 'SMS';
          if (useSms && enduser.phone && deps.sms) {
            await createRecordOnce(manager, owner, 'sms_messages', smsRecord({ id, businessId, enduserId, message: text, templateId: info.templateId, journeyContext: { calendarEventId } }), {
              organizationIds: enduser.organizationIds,
            });
            deliveries.push({
              describe: `SMS to ${enduserId}`,
              run: () => deliverOnce('sms_messages', id),
            });
          } else if (!useSms && enduser.email && deps.email) {
            await createRecordOnce(manager, owner, 'emails', emailRecord({ id, businessId, enduserId, subject, textContent: text, templateId: info.templateId }), {
              organizationIds: enduser.organizationIds,
            });
            deliveries.push({
              describe: `email to ${enduserId}`,
              run: () => deliverOnce('emails', id),
            });
          } else {
            deliveries.push({
              describe: `reminder to ${enduserId}`,
              run: async () => {
                throw new Error(`The enduser has no ${useSms ? 'phone number' : 'email address'} or no channel is configured`);
              },
            });
          }
        }
      } else if (reminder.type === 'user-notification') {
        for (const userId of attendeesOf(event, 'user')) {
          const user = await systemWithin(manager, owner).byId('users', userId);
          await createRecordOnce(
            manager,
            owner,
            'user_notifications',
            {
              _id: derivedId(base, userId),
              businessId,
              userId,
              type: 'calendar-reminder',
              message: `Reminder: ${event.title} on ${when(user)}`,
              read: false,
              relatedRecords: [{ type: 'CalendarEvent', id: calendarEventId }],
            },
            { organizationIds: event.organizationIds }
          );
        }
      } else if (reminder.type === 'create-ticket') {
        const owners = attendeesOf(event, 'user');
        for (const enduserId of endusers.length ? endusers : [null]) {
          await createRecordOnce(
            manager,
            owner,
            'tickets',
            {
              _id: derivedId(base, `ticket:${enduserId ?? 'none'}`),
              businessId,
              title: (info.title as string | undefined) ?? `Upcoming: ${event.title}`,
              enduserId,
              owner: owners[0] ?? null,
            },
            { organizationIds: event.organizationIds, creator: event.creator }
          );
        }
      } else if (reminder.type === 'add-to-journey') {
        for (const enduserId of endusers) journeyStarts.push({ enduserId, journeyId: info.journeyId });
      } else if (reminder.type === 'webhook') {
        const target = await webhookTarget(manager, businessId).catch(() => null);
        const payload = {
          type: 'calendar-reminder',
          calendarEventId,
          title: event.title,
          startTimeInMS: input.startTimeInMS,
          msBeforeStartTime: reminder.msBeforeStartTime,
          info,
          timestamp: new Date().toISOString(),
        };
        deliveries.push({
          describe: 'webhook',
          run: async () => {
            if (!target) throw new Error('No webhook is configured for this business');
            await deliverWebhook(target, payload, { ...deps.webhooks, deliveryId: base });
          },
        });
      }
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
