import type { EntityManager } from 'typeorm';
import { deliverWebhook } from './automation-webhook';
import { templateContext, visible, webhookTarget, type AutomationDeps } from './automation-action-context';
import { derivedId, emailRecord, smsRecord, type Row } from './automation-records';
import { renderTemplate } from './automation-template';
import { createRecordOnce, systemWithin, type AutomationOwner } from './worker-engine';
import { patientTextsWithin } from './patient-messages';

/** A send (or webhook) a reminder prepared, carried out after its transaction commits. */
/** The enduser or user attendees of a calendar event. */
export const attendeesOf = (event: Row, type: 'enduser' | 'user') =>
  ((event.attendees as { type: string; id: string }[] | null) ?? []).filter((attendee) => attendee.type === type).map((attendee) => attendee.id);

export type ReminderDelivery = { describe: string; run: () => Promise<void> };

/** What every kind of reminder is given: the event as its organization sees it, and where to put what it prepares. */
export interface ReminderContext {
  manager: EntityManager;
  owner: AutomationOwner;
  businessId: string;
  calendarEventId: string;
  input: { startTimeInMS: number };
  event: Row;
  reminder: { msBeforeStartTime: number };
  info: Row;
  /** The id the reminder's records derive from (one per event, reminder and start time). */
  base: string;
  endusers: string[];
  /** The start on a person's clock, naming the zone, in their language's locale (US English when not given). */
  when: (person?: Row | null, locale?: string) => string;
  deps: AutomationDeps;
  deliverOnce: (resource: 'emails' | 'sms_messages', id: string) => Promise<void>;
  deliveries: ReminderDelivery[];
  journeyStarts: { enduserId: string; journeyId: string }[];
}

/**
 * What each kind of calendar reminder does (calendar_events.reminders[].type): the records it writes
 * in the reminder's transaction and the deliveries it leaves for after the commit.
 */
export const REMINDER_KINDS: Record<string, (context: ReminderContext) => Promise<void>> = {
  'enduser-notification': async ({ manager, owner, businessId, calendarEventId, event, reminder, info, base, endusers, when, deps, deliverOnce, deliveries }) => {
    const template = info.templateId ? await systemWithin(manager, owner).byId('templates', info.templateId) : null;
    for (const enduserId of endusers) {
      const enduser = await systemWithin(manager, owner).byId('endusers', enduserId);
      if (!enduser) continue;
      const values = { ...(await templateContext(manager, owner, enduser)), calendar_event: visible('calendar_events', event) };
      // The clinic's template is sent as written; without one, our words in the patient's language (issue #38).
      const texts = await patientTextsWithin(manager, enduser);
      const title = String(event.title);
      const subject = template ? renderTemplate(template.subject, values) : texts.t('reminder.subject', { title });
      const text = template ? renderTemplate(template.message, values) : texts.t('reminder.text', { title, when: when(enduser, texts.locale) });
      const id = derivedId(base, enduserId);
      const useSms = info.channel === 'SMS';
      // The text names its event, so the patient's reply (C, Y, R) acts on it (api/src/inbound/reminder-replies.ts).
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
  },
  'user-notification': async ({ manager, owner, businessId, calendarEventId, event, reminder, base, when }) => {
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
  },
  'create-ticket': async ({ manager, owner, businessId, event, info, base, endusers }) => {
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
  },
  'add-to-journey': async ({ info, endusers, journeyStarts }) => {
    for (const enduserId of endusers) journeyStarts.push({ enduserId, journeyId: info.journeyId });
  },
  'webhook': async ({ manager, businessId, calendarEventId, input, event, reminder, info, base, deps, deliveries }) => {
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
  },
};
