import { chat_rooms, endusers, user_notifications, users } from '@carelane/db';
import { systemCaller, type HookContext, type HookRegistry } from '@carelane/engine';
import { emailThread, ENDUSER_MESSAGE_NOTIFICATION, notificationRef, NOTIFICATION_RECORD_TYPE, smsKey, type ConversationKey } from '../actions/messaging/conversations';
import { personName, UNKNOWN_PATIENT } from '../actions/messaging/person-name';

type Row = Record<string, unknown>;
const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== 'system') : []);

/**
 * Who hears that a patient wrote (issue 32): the conversation's staff (a chat room's members, the
 * staff member an email reply answers), else the patient's care team (assignedTo), else the
 * organization's Admins.
 */
const recipients = async (context: HookContext, system: ReturnType<typeof systemCaller>, conversationStaff: string[], patient: Row | undefined) => {
  if (conversationStaff.length) return conversationStaff;
  const careTeam = ids(patient?.assignedTo);
  if (careTeam.length) return careTeam;
  const admins = await context.tx!.rows(users, system, { filter: { roles: 'Admin' }, limit: 100 });
  return admins.map((admin) => String(admin._id));
};

/**
 * One user_notifications record per recipient, written through the engine in the message's own
 * transaction (so it is announced live with it, and a failed message leaves none). The email that may
 * follow is the change feed's (inbox-notification-emails.ts), after the commit.
 */
const notify = async (context: HookContext, message: Row, resource: string, key: ConversationKey, conversationStaff: string[]) => {
  if (!context.tx) return;
  const businessId = String(message.businessId ?? context.caller.businessId);
  const organizationIds = ids(message.organizationIds);
  const system = systemCaller(businessId, organizationIds);
  const enduserId = typeof message.enduserId === 'string' ? message.enduserId : context.caller.type === 'enduser' ? context.caller.id : undefined;
  const patient = enduserId ? await context.tx.row(endusers, systemCaller(businessId), { _id: enduserId }) : undefined;
  const who = enduserId ? personName(patient, UNKNOWN_PATIENT) : String(message.phoneNumber ?? 'an unknown number');
  const relatedRecords = [
    { type: NOTIFICATION_RECORD_TYPE, id: notificationRef(key) },
    ...(enduserId ? [{ type: 'endusers', id: enduserId }] : []),
    { type: resource, id: String(message._id) },
  ];
  for (const userId of new Set(await recipients(context, system, conversationStaff, patient))) {
    await context.tx.createOne(user_notifications, system, { userId, type: ENDUSER_MESSAGE_NOTIFICATION, message: `New message from ${who}`, relatedRecords });
  }
};

export const registerInboxNotificationHooks = (hooks: HookRegistry) => {
  hooks.register('chats', {
    async afterCreate(record, context) {
      if (context.caller.type !== 'enduser') return;
      const room = await context.tx?.row(chat_rooms, systemCaller(context.caller.businessId), { _id: String(record.roomId) });
      if (!room) return;
      await notify(context, { ...record, enduserId: context.caller.id }, 'chats', { channel: 'Chat', roomId: String(room._id) }, ids(room.userIds));
    },
  });
  hooks.register('sms_messages', {
    async afterCreate(record, context) {
      if (record.inbound !== true) return;
      await notify(context, record, 'sms_messages', smsKey(record), []);
    },
  });
  hooks.register('emails', {
    async afterCreate(record, context) {
      if (record.inbound !== true) return;
      await notify(context, record, 'emails', { channel: 'Email', thread: emailThread(record) }, ids([record.userId]));
    },
  });
};
