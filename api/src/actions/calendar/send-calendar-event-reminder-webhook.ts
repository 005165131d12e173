import { calendar_events, newId, validators as v } from '@carelane/db';
import { deliverWebhook } from '@carelane/activities/automation-webhook';
import { ApiError, badRequest } from '../../errors';
import { defineAction } from '../action';
import { findConfiguration, webhookSettings } from '../webhooks/configuration';
import { WEBHOOKS_NOT_CONFIGURED } from '../webhooks/update-webhooks';
import { Required, S } from '../input';

type Row = Record<string, unknown>;

class ReminderWebhookInput {
  @Required(v.id, S.id)
  id!: string;
}

/**
 * POST /send-calendar-event-reminder-webhook { id } (staff) sends the event's reminder webhook now, in
 * the format the reminder run uses (type 'calendar-reminder'), to the business's configured url: for
 * testing an integration. The event's first webhook reminder gives msBeforeStartTime and info. Nothing
 * is marked as reminded. Answers {}.
 */
export const sendCalendarEventReminderWebhook = defineAction({
  method: 'post',
  path: '/send-calendar-event-reminder-webhook',
  auth: 'user',
  input: ReminderWebhookInput,
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const event = await services.engine.getOne(calendar_events, caller, id);
    const target = await findConfiguration(services, caller.businessId);
    if (!target) throw badRequest(WEBHOOKS_NOT_CONFIGURED);
    const reminder = ((event.reminders as Row[] | undefined) ?? []).find((r) => r.type === 'webhook');
    const payload = {
      type: 'calendar-reminder',
      calendarEventId: event.id,
      title: event.title,
      startTimeInMS: event.startTimeInMS,
      msBeforeStartTime: reminder?.msBeforeStartTime ?? 0,
      info: reminder?.info ?? {},
      timestamp: new Date().toISOString(),
    };
    try {
      await deliverWebhook({ url: target.url, secret: target.secret }, payload, { ...webhookSettings(), deliveryId: newId() });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest((error as Error).message);
    }
    return {};
  },
});
