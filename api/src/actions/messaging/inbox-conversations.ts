import { chat_rooms, emails, sms_messages, type ResourceDefinition } from '@carelane/db';
import { authorize, type UserCaller } from '@carelane/engine';
import { badRequest } from '../../errors';
import { defineAction, type Services } from '../action';
import { readRows } from '../read-rows';
import { Optional, S } from '../input';
import { v } from './input';
import { emailThread, keyText, smsKey, type ConversationKey } from './conversations';
import { describeConversations, type Candidate } from './inbox-describe';
import { withUnread } from './inbox-unread';

export const INBOX_VIEWS = ['Mine', 'Unassigned', 'All', 'Closed'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

const DEFAULT_PAGE = 25;

class InboxConversationsInput {
  @Optional(v.oneOf(INBOX_VIEWS), S.oneOf(INBOX_VIEWS))
  view?: InboxView;

  /** The keyset: conversations whose last message is older than this instant (ms), from the previous page's nextBefore. */
  @Optional(v.number(0), S.number(0))
  before?: number;

  @Optional(v.number(1, 100), S.number(1, 100))
  limit?: number;
}

type Row = Record<string, unknown>;
const ms = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : 0);

/** One source's scan, newest first: its conversations and how far back it looked when it stopped short of the end. */
interface Scan {
  candidates: Candidate[];
  horizon?: number;
}

/**
 * Mine asks each source for the caller's conversations only (a room they are a member of, a text or
 * email of a patient on their care team), so a staff member whose conversations are old or few still
 * gets a full page from one indexed read per source, rather than a filter over everyone's newest.
 */
const scanRooms = async (services: Services, caller: UserCaller, before: number | undefined, batch: number, mine: boolean): Promise<Scan> => {
  const rooms = await readRows(services, chat_rooms, caller, {
    filter: { recentMessageSentAt: before === undefined ? { _exists: true } : { _lt: before }, ...(mine ? { userIds: { _all: [caller.id] } } : {}) },
    sortBy: 'recentMessageSentAt',
    sort: 'newFirst',
    limit: batch,
  });
  const candidates = rooms
    .filter((room) => ((room.enduserIds as string[] | undefined) ?? []).length > 0)
    .map((room): Candidate => ({ key: { channel: 'Chat', roomId: String(room.id) }, at: Number(room.recentMessageSentAt), newest: room, room }));
  return { candidates, horizon: rooms.length === batch ? Number(rooms[rooms.length - 1]?.recentMessageSentAt) : undefined };
};

/**
 * Texts or emails newest first, grouped into threads by `keyOf`; a thread already shown on an
 * earlier page (it has a message at or after `before`) is left out, so each appears once.
 */
const scanMessages = async (
  services: Services,
  caller: UserCaller,
  definition: ResourceDefinition,
  options: { before?: number; batch: number; mine: boolean; filter: Row; keyOf: (row: Row) => ConversationKey; newerFilter: (keys: ConversationKey[], before: Date) => Row },
): Promise<Scan> => {
  const { before, batch } = options;
  const timestamp = before === undefined ? {} : { timestamp: { _lt: new Date(before) } };
  const careTeam = options.mine ? { careTeamIncludes: caller.id } : {};
  const rows = await readRows(services, definition, caller, { filter: { ...options.filter, ...timestamp }, ...careTeam, sortBy: 'timestamp', sort: 'newFirst', limit: batch });
  const threads = new Map<string, Candidate>();
  for (const row of rows) {
    const key = options.keyOf(row);
    if (!threads.has(keyText(key))) threads.set(keyText(key), { key, at: ms(row.timestamp), newest: row });
  }
  if (before !== undefined && threads.size > 0) {
    const newer = await readRows(services, definition, caller, {
      filter: { ...options.newerFilter([...threads.values()].map((thread) => thread.key), new Date(before)) },
      limit: 1000,
    });
    for (const row of newer) threads.delete(keyText(options.keyOf(row)));
  }
  return { candidates: [...threads.values()], horizon: rows.length === batch ? ms(rows[rows.length - 1]?.timestamp) : undefined };
};

const scanTexts = (services: Services, caller: UserCaller, before: number | undefined, batch: number, mine: boolean) =>
  scanMessages(services, caller, sms_messages, {
    before,
    batch,
    mine,
    filter: {},
    keyOf: smsKey,
    newerFilter: (keys, since) => ({
      timestamp: { _gte: since },
      $or: [
        { enduserId: { _in: keys.flatMap((key) => ('enduserId' in key ? [key.enduserId] : [])) } },
        { enduserId: null, phoneNumber: { _in: keys.flatMap((key) => ('phoneNumber' in key ? [key.phoneNumber] : [])) } },
      ],
    }),
  });

const threadOf = (row: Row): ConversationKey => ({ channel: 'Email', thread: emailThread(row) });

const scanEmails = (services: Services, caller: UserCaller, before: number | undefined, batch: number, mine: boolean) =>
  scanMessages(services, caller, emails, {
    before,
    batch,
    mine,
    // Journey and reminder emails open no conversation of their own; a patient's reply to one does.
    filter: { $or: [{ inbound: true }, { automationStepId: null }] },
    keyOf: threadOf,
    newerFilter: (keys, since) => {
      const threads = keys.map((key) => (key.channel === 'Email' ? key.thread : ''));
      return { timestamp: { _gte: since }, $or: [{ threadId: { _in: threads } }, { messageId: { _in: threads } }, { _id: { _in: threads.filter((t) => /^[0-9a-f]{24}$/i.test(t)) } }] };
    },
  });

/**
 * GET /inbox-conversations { view?, before?, limit? } → { conversations, nextBefore? }: the staff
 * inbox, every conversation with patients the caller may read (chat rooms, SMS threads, email threads;
 * docs/decisions.md "The staff inbox"), newest last message first, with the caller's unread count,
 * assignees and patient by name. Paged by a keyset on the last message's time (`nextBefore`); each
 * source is read through the engine, so tenant and organization scope and the caller's role apply.
 */
export const inboxConversations = defineAction({
  method: 'get',
  path: '/inbox-conversations',
  auth: 'user',
  input: InboxConversationsInput,
  readOnly: true,
  authorize: ({ caller }) => {
    authorize(chat_rooms, 'read', caller);
  },
  handler: async ({ services, caller }, input) => {
    const view = input.view ?? 'All';
    const limit = input.limit ?? DEFAULT_PAGE;
    const before = input.before;
    if (before !== undefined && !Number.isInteger(before)) throw badRequest('before must be a whole number of milliseconds');
    // Twice the page per source: a thread's several messages still leave a full page, and the horizon
    // ends a page early where they do not (nextBefore goes on from there). Four times the page read
    // twice the rows for the same 25 cards (bench:scale, 100k patients: 31.8 -> 22.1 ms).
    const batch = limit * 2;
    const mine = view === 'Mine';
    const scans = await Promise.all([
      scanRooms(services, caller, before, batch, mine),
      authorizedScan(() => scanTexts(services, caller, before, batch, mine)),
      authorizedScan(() => scanEmails(services, caller, before, batch, mine)),
    ]);
    // A conversation older than where a source stopped reading may not be the next one: the page ends there.
    const horizon = Math.max(...scans.map((scan) => scan.horizon ?? -1));
    const described = await describeConversations(services, caller, scans.flatMap((scan) => scan.candidates));
    const matching = described
      .filter((conversation) => conversation.lastMessageAt >= horizon)
      .filter((conversation) => (view === 'Closed' ? !!conversation.closedAt : !conversation.closedAt))
      .filter((conversation) => view !== 'Mine' || conversation.assignees.some((assignee) => assignee.id === caller.id))
      .filter((conversation) => view !== 'Unassigned' || conversation.assignees.length === 0)
      .sort((a, b) => b.lastMessageAt - a.lastMessageAt);
    const conversations = matching.slice(0, limit);
    const more = matching.length > limit || horizon >= 0;
    const nextBefore = !more ? undefined : conversations.length === limit ? conversations[conversations.length - 1]!.lastMessageAt : horizon;
    return { conversations: await withUnread(services, caller, conversations), ...(nextBefore === undefined ? {} : { nextBefore }) };
  },
});

/** A role that may not read texts or emails still sees its chat rooms. */
const authorizedScan = async (scan: () => Promise<Scan>): Promise<Scan> => {
  try {
    return await scan();
  } catch (error) {
    if ((error as { status?: number }).status === 403) return { candidates: [] };
    throw error;
  }
};
