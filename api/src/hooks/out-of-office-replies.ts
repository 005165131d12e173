import { chat_rooms, endusers } from '@carelane/db';
import { systemCaller, type HookContext, type HookRegistry } from '@carelane/engine';
import { autoreplyIfAway, type AutoreplyAsk } from '../actions/messaging/out-of-office';
import { carrierKeywordOf } from '../inbound/carrier-keywords';

type Row = Record<string, unknown>;
const firstId = (value: unknown) => (Array.isArray(value) ? value.find((id): id is string => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id)) : undefined);

/** raw SQL: a savepoint inside the message's transaction, so an autoreply that fails leaves the patient's message as it was. */
const savepoint = (context: HookContext, command: 'SAVEPOINT' | 'RELEASE SAVEPOINT' | 'ROLLBACK TO SAVEPOINT') => context.manager.query(`${command} out_of_office_reply`);

/**
 * Replies out of office to a patient's own message as it arrives (a chat they write, a text or email
 * that comes in), as the reference client's autoreply behaves: in the message's transaction, so the
 * reply is there when the patient's message is. A failed reply never fails the patient's message: it
 * runs in a savepoint rolled back on error.
 */
const replyIfAway = async (context: HookContext, message: Row, ask: Omit<AutoreplyAsk, 'userId'>, staffId: string | undefined) => {
  // A chat reply needs a staff member to come from; a text or email may come from the organization.
  if (!context.tx || (ask.channel === 'Chat' && !staffId)) return;
  const businessId = String(message.businessId ?? context.caller.businessId);
  const placement = Array.isArray(message.organizationIds) ? (message.organizationIds as string[]) : context.caller.organizationIds;
  const actor = systemCaller(businessId, placement);
  const organizationId = placement.at(-1) ?? businessId;
  await savepoint(context, 'SAVEPOINT');
  try {
    await autoreplyIfAway(context.tx, actor, organizationId, { ...ask, userId: staffId }, staffId);
    await savepoint(context, 'RELEASE SAVEPOINT');
  } catch (error) {
    await savepoint(context, 'ROLLBACK TO SAVEPOINT');
    console.error('The out-of-office reply could not be sent', error);
  }
};

/** The patient's care team's first member: who answers a text or email with no staff member of its own. */
const careTeamFirst = async (context: HookContext, businessId: string, enduserId: string) => {
  const patient = await context.tx?.row(endusers, systemCaller(businessId), { _id: enduserId });
  return firstId(patient?.assignedTo);
};

export const registerOutOfOfficeReplies = (hooks: HookRegistry) => {
  hooks.register('chats', {
    async afterCreate(record, context) {
      if (context.caller.type !== 'enduser') return;
      const room = await context.tx?.row(chat_rooms, systemCaller(context.caller.businessId), { _id: String(record.roomId) });
      // The room's first staff member answers; their own autoreply setting comes first (out-of-office.ts).
      await replyIfAway(context, record, { channel: 'Chat', enduserId: context.caller.id, threadId: String(record.roomId) }, firstId(room?.userIds));
    },
  });
  hooks.register('sms_messages', {
    async afterCreate(record, context) {
      if (record.inbound !== true || typeof record.enduserId !== 'string') return;
      // STOP, START and HELP get the carrier keyword's own answer (or none, once a patient opted out), never an autoreply too.
      if (carrierKeywordOf(String(record.message ?? ''))) return;
      const businessId = String(record.businessId ?? context.caller.businessId);
      await replyIfAway(context, record, { channel: 'SMS', enduserId: record.enduserId }, await careTeamFirst(context, businessId, record.enduserId));
    },
  });
  hooks.register('emails', {
    async afterCreate(record, context) {
      if (record.inbound !== true || typeof record.enduserId !== 'string') return;
      const businessId = String(record.businessId ?? context.caller.businessId);
      const staffId = firstId([record.userId]) ?? (await careTeamFirst(context, businessId, record.enduserId));
      await replyIfAway(context, record, { channel: 'Email', enduserId: record.enduserId }, staffId);
    },
  });
};
