import { automated_actions, calendar_events, chat_rooms, chats, emails, endusers, sms_messages, validators } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction, type Services } from '../action';
import type { Caller } from '../../auth/caller';
import { Required, S } from '../input';
import { outboxOf } from './outbox-entries';

/** What cancel-outbox-entry answers an entry that is not (or no longer) a pending send of this patient. */
export const NOT_PENDING = 'This send is no longer pending';

class CancelOutboxEntryInput {
  @Required(validators.id, S.id)
  enduserId!: string;

  @Required(validators.string(100), S.string(100))
  entryId!: string;
}

type Row = Record<string, any>;
const ENTRY = /^(step|reminder|emails|sms_messages|chats)-([0-9a-f]{24})(?:-(\d{1,3}))?$/;

/** A pending journey step: cancelled as the generic update would (its run hears it and sends nothing). */
const cancelStep = async (services: Services, caller: Caller, enduserId: string, id: string) => {
  const step = (await services.engine.getOne(automated_actions, caller, id)) as Row;
  if (step.enduserId !== enduserId || step.status !== 'active') throw badRequest(NOT_PENDING);
  await services.engine.updateOne(automated_actions, caller, id, { status: 'cancelled' });
};

/** One reminder of the patient's appointment: taken off the appointment (its reminder run reads the event again). */
const cancelReminder = async (services: Services, caller: Caller, enduserId: string, id: string, index: number) => {
  const event = (await services.engine.getOne(calendar_events, caller, id)) as Row;
  const attends = ((event.attendees as Row[] | null) ?? []).some((attendee) => attendee.type === 'enduser' && attendee.id === enduserId);
  const reminders = (event.reminders as Row[] | null) ?? [];
  if (!attends || event.cancelledAt || !reminders[index] || reminders[index].didRemind) throw badRequest(NOT_PENDING);
  await services.engine.updateOne(calendar_events, caller, id, { reminders: reminders.filter((_, at) => at !== index) }, { replaceObjectFields: true });
};

/** A message scheduled for later: deleted, so its workflow finds nothing to send. */
const cancelMessage = async (services: Services, caller: Caller, enduserId: string, resource: 'emails' | 'sms_messages', id: string) => {
  const definition = resource === 'emails' ? emails : sms_messages;
  const message = (await services.engine.getOne(definition, caller, id)) as Row;
  if (message.enduserId !== enduserId || message.deliveryStatus !== 'scheduled') throw badRequest(NOT_PENDING);
  await services.engine.deleteOne(definition, caller, id);
};

/** A chat held for its sendAt in one of the patient's rooms: deleted, so its release finds nothing to send. */
const cancelChat = async (services: Services, caller: Caller, enduserId: string, id: string) => {
  const chat = (await services.engine.getOne(chats, caller, id)) as Row;
  const room = (await services.engine.getOne(chat_rooms, caller, String(chat.roomId))) as Row;
  const patients = (room.enduserIds as string[] | null) ?? [];
  if (!patients.includes(enduserId) || chat.delivered !== false) throw badRequest(NOT_PENDING);
  await services.engine.deleteOne(chats, caller, id);
};

/**
 * POST /cancel-outbox-entry { enduserId, entryId } (staff): stops one pending send of the patient's
 * outbox, through the same engine call (and so the same access rules) as its own record's update or
 * delete, and answers the outbox as it now stands ({ entries }).
 */
export const cancelOutboxEntry = defineAction({
  method: 'post',
  path: '/cancel-outbox-entry',
  auth: 'user',
  input: CancelOutboxEntryInput,
  handler: async ({ services, caller }, input) => {
    await services.engine.getOne(endusers, caller, input.enduserId);
    const [, kind, id, index] = ENTRY.exec(input.entryId) ?? [];
    if (!kind || (kind === 'reminder') !== (index !== undefined)) throw badRequest(NOT_PENDING);
    if (kind === 'step') await cancelStep(services, caller, input.enduserId, id);
    else if (kind === 'reminder') await cancelReminder(services, caller, input.enduserId, id, Number(index));
    else if (kind === 'chats') await cancelChat(services, caller, input.enduserId, id);
    else await cancelMessage(services, caller, input.enduserId, kind as 'emails' | 'sms_messages', id);
    return { entries: await outboxOf(services, caller, input.enduserId) };
  },
});
