import { automated_actions, calendar_events, chat_rooms, chats, emails, journeys, sms_messages, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import type { Services } from '../action';
import { actionSentences, readableByIds as byIds } from './step-sentences';

type Row = Record<string, any>;

/** What the patient's outbox lists: one send still to go out, or one that will not (cancelled or voided, with why). */
export interface OutboxEntry {
  /** The entry as cancel-outbox-entry names it: `step-<id>`, `reminder-<eventId>-<index>`, `emails-<id>`, `sms_messages-<id>`, `chats-<id>`. */
  entryId: string;
  kind: 'journey-step' | 'reminder' | 'scheduled-message';
  /** When it goes out (or would have), in milliseconds since the epoch. */
  sendAt: number;
  channel: 'Email' | 'Text message' | 'Chat' | 'Form';
  /** Why it is sent, in words: "Journey 'Onboarding', step: Send email 'Welcome'". */
  cause: string;
  /** A reminder's appointment start, for the screen to put on the viewer's clock beside the cause. */
  appointmentStartsAt?: number;
  status: 'pending' | 'cancelled' | 'voided';
  /** Why a voided entry will not go out ("The appointment was cancelled"). */
  reason?: string;
}

/** How long a send that will not go out stays listed after its time (docs/decisions.md, "The patient's outbox"). */
export const VOIDED_SHOWN_MS = 7 * 86_400_000;
const LIMIT = 1000;

/** Records the caller may read; none when the role may not read that resource (the outbox then leaves that kind out). */
const readable = (services: Services, caller: Caller, definition: ResourceDefinition, filter: Row) =>
  (services.engine.getSome(definition, caller, { filter, limit: LIMIT }) as Promise<Row[]>).catch(() => [] as Row[]);

const CHANNEL_OF_ACTION: Record<string, (info: Row) => OutboxEntry['channel']> = {
  sendEmail: () => 'Email',
  sendSMS: () => 'Text message',
  sendChat: () => 'Chat',
  sendForm: (info) => (info.channel === 'SMS' ? 'Text message' : info.channel === 'Chat' ? 'Chat' : 'Email'),
};

/** Journey steps waiting to send to the patient, and those cancelled lately. */
const journeySends = async (services: Services, caller: Caller, enduserId: string, now: number): Promise<OutboxEntry[]> => {
  const rows = (await readable(services, caller, automated_actions, { enduserId, status: { _in: ['active', 'cancelled'] } })).filter(
    (row) => CHANNEL_OF_ACTION[row.action?.type] && (row.status === 'active' || Number(row.processAfter) >= now - VOIDED_SHOWN_MS),
  );
  if (!rows.length) return [];
  const journeyNames = await byIds(services, caller, journeys, rows.map((row) => row.journeyId));
  // The action the run will carry out is the automated action's own copy (activities/src/run-step.ts).
  const actions = rows.map((row) => row.action);
  const sentences = await actionSentences(services, caller, actions);
  return rows.map((row, index) => {
    const action = actions[index];
    const journey = journeyNames.get(row.journeyId)?.title;
    const reason = typeof row.progress?.reason === 'string' ? row.progress.reason : undefined;
    return {
      entryId: `step-${row.id}`,
      kind: 'journey-step' as const,
      sendAt: Number(row.processAfter),
      channel: CHANNEL_OF_ACTION[action.type](action.info ?? {}),
      cause: `Journey ${journey ? `'${journey}'` : 'no longer listed'}, step: ${sentences[index]}`,
      status: row.status === 'active' ? ('pending' as const) : reason ? ('voided' as const) : ('cancelled' as const),
      ...(row.status === 'cancelled' && reason ? { reason } : {}),
    };
  });
};

/** Reminders of the patient's appointments that reach the patient ('enduser-notification'), pending or voided by a cancelled appointment. */
const reminderSends = async (services: Services, caller: Caller, enduserId: string, now: number): Promise<OutboxEntry[]> => {
  const events = await readable(services, caller, calendar_events, { attendees: [{ type: 'enduser', id: enduserId }] });
  return events.flatMap((event) =>
    ((event.reminders as Row[] | null) ?? []).flatMap((reminder, index): OutboxEntry[] => {
      if (reminder.type !== 'enduser-notification' || reminder.didRemind) return [];
      const sendAt = Number(event.startTimeInMS) - Number(reminder.msBeforeStartTime ?? 0);
      const cancelled = Boolean(event.cancelledAt);
      if (cancelled ? sendAt < now - VOIDED_SHOWN_MS : sendAt < now) return [];
      return [
        {
          entryId: `reminder-${event.id}-${index}`,
          kind: 'reminder',
          sendAt,
          channel: reminder.info?.channel === 'SMS' ? 'Text message' : 'Email',
          cause: `Reminder for '${event.title || 'an appointment'}'`,
          appointmentStartsAt: Number(event.startTimeInMS),
          status: cancelled ? 'voided' : 'pending',
          ...(cancelled ? { reason: 'The appointment was cancelled' } : {}),
        },
      ];
    }),
  );
};

/** Chats held for their sendAt (delivered false) in the patient's rooms: the patient sees them only once they go out. */
const heldChats = async (services: Services, caller: Caller, enduserId: string): Promise<Row[]> => {
  const rooms = await readable(services, caller, chat_rooms, { enduserIds: [enduserId] });
  if (!rooms.length) return [];
  return readable(services, caller, chats, { roomId: { _in: rooms.map((room) => room.id) }, delivered: false });
};

/** Emails, texts and portal chats staff wrote for later (deliveryStatus 'scheduled'; a chat held for its sendAt). */
const scheduledMessages = async (services: Services, caller: Caller, enduserId: string): Promise<OutboxEntry[]> => {
  const [mail, texts, held] = await Promise.all([
    readable(services, caller, emails, { enduserId, deliveryStatus: 'scheduled' }),
    readable(services, caller, sms_messages, { enduserId, deliveryStatus: 'scheduled' }),
    heldChats(services, caller, enduserId),
  ]);
  const chatEntry = (row: Row): OutboxEntry => ({
    entryId: `chats-${row.id}`,
    kind: 'scheduled-message',
    sendAt: Date.parse(String(row.sendAt)),
    channel: 'Chat',
    cause: 'Chat message scheduled by staff',
    status: 'pending',
  });
  const entry = (resource: 'emails' | 'sms_messages', row: Row): OutboxEntry => ({
    entryId: `${resource}-${row.id}`,
    kind: 'scheduled-message',
    sendAt: Date.parse(String(row.sendAt)),
    channel: resource === 'emails' ? 'Email' : 'Text message',
    cause: resource === 'emails' && row.subject ? `Message '${row.subject}' scheduled by staff` : 'Message scheduled by staff',
    status: 'pending',
  });
  return [...mail.map((row) => entry('emails', row)), ...texts.map((row) => entry('sms_messages', row)), ...held.filter((row) => row.sendAt).map(chatEntry)];
};

/** Every send to the patient still to go out (and lately voided ones), earliest first. */
export const outboxOf = async (services: Services, caller: Caller, enduserId: string): Promise<OutboxEntry[]> => {
  const now = Date.now();
  const parts = await Promise.all([journeySends(services, caller, enduserId, now), reminderSends(services, caller, enduserId, now), scheduledMessages(services, caller, enduserId)]);
  return parts.flat().sort((a, b) => a.sendAt - b.sendAt || a.entryId.localeCompare(b.entryId));
};
