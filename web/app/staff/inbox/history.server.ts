import { callApi } from '../../api.server';
import { recentTime } from '../../time/format';
import type { Key } from './conversation-key';
import type { HistoryItem } from './types';

type Row = Record<string, unknown>;
const HISTORY_LIMIT = '200';

const list = (authToken: string, path: string, filter: Row) =>
  callApi<Row[]>(path, { authToken, query: { filter: JSON.stringify(filter), limit: HISTORY_LIMIT, sort: 'newFirst' } }).catch(() => [] as Row[]);

const nameOf = (record: Row | undefined, fallback: string) =>
  [record?.fname, record?.lname].filter((part) => typeof part === 'string' && part).join(' ') || fallback;

const attachmentsOf = (message: Row) => ((message.attachments as Row[] | undefined) ?? []).map((file) => ({ name: String(file.name ?? 'Attachment'), secureName: String(file.secureName ?? '') }));

const time = (value: unknown) => (typeof value === 'number' ? value : new Date(String(value)).getTime());

/** The open conversation: its patient, and their whole history in order across channels (chats in their rooms, texts, emails). */
export interface OpenConversation {
  key: Key;
  enduserId?: string;
  patientName: string;
  phoneNumber?: string;
  room?: { id: string; closed: boolean; userIds: string[] };
  /** Closed for everyone: a chat room's endedAt, a text or email thread's closed mark (until its next message). */
  closed: boolean;
  /** The thread's subject, for an email reply's "Re:". */
  subject?: string;
  /** The email thread's reply target (its Message-ID), so a reply stays in it. */
  replyTo?: string;
  assigneeIds: string[];
  history: HistoryItem[];
}

const patientOf = async (authToken: string, key: Key): Promise<{ enduserId?: string; room?: Row; thread?: Row[] }> => {
  if (key.channel === 'Chat') {
    const room = await callApi<Row>(`/v1/chat-room/${key.roomId}`, { authToken });
    return { enduserId: ((room.enduserIds as string[] | undefined) ?? [])[0], room };
  }
  if (key.channel === 'SMS') return { enduserId: key.enduserId };
  const thread = await list(authToken, '/v1/emails', { $or: [{ threadId: key.thread }, { messageId: key.thread }] });
  return { enduserId: thread.map((email) => email.enduserId).find((id): id is string => typeof id === 'string'), thread };
};

/** Reads the open conversation through the api as the staff member; a conversation they may not read answers the api's own 403/404. */
export const loadConversation = async (authToken: string, key: Key, zone: string, staffNames: Map<string, string>): Promise<OpenConversation> => {
  const { enduserId, room, thread } = await patientOf(authToken, key);
  const patient = enduserId ? await callApi<Row>(`/v1/enduser/${enduserId}`, { authToken }).catch(() => undefined) : undefined;
  const patientName = nameOf(patient, key.channel === 'SMS' && key.phoneNumber ? key.phoneNumber : 'Patient');
  const rooms = enduserId ? await list(authToken, '/v1/chat-rooms', { enduserIds: enduserId }) : room ? [room] : [];
  const roomIds = [...new Set([...(room ? [String(room.id)] : []), ...rooms.map((r) => String(r.id))])];
  const [chats, texts, emails] = await Promise.all([
    roomIds.length ? list(authToken, '/v1/chats', { roomId: { _in: roomIds } }) : Promise.resolve([]),
    enduserId ? list(authToken, '/v1/sms-messages', { enduserId }) : key.channel === 'SMS' && key.phoneNumber ? list(authToken, '/v1/sms-messages', { enduserId: null, phoneNumber: key.phoneNumber }) : Promise.resolve([]),
    enduserId ? list(authToken, '/v1/emails', { enduserId }) : Promise.resolve(thread ?? []),
  ]);
  const staff = (id: unknown) => staffNames.get(String(id)) ?? 'Care team';
  const item = (id: unknown, channel: HistoryItem['channel'], fromPatient: boolean, authorId: unknown, text: unknown, at: unknown, extra: Partial<HistoryItem> = {}): HistoryItem => ({
    id: String(id),
    channel,
    fromPatient,
    author: fromPatient ? patientName : staff(authorId),
    text: typeof text === 'string' ? text : '',
    at: time(at),
    when: recentTime(time(at), zone),
    attachments: [],
    ...extra,
  });
  const history = [
    ...chats.map((chat) =>
      item(chat.id, 'Chat', chat.senderId === enduserId || (room && ((room.enduserIds as string[]) ?? []).includes(String(chat.senderId))) === true, chat.senderId, chat.message, chat.timestamp ?? chat.createdAt, {
        attachments: attachmentsOf(chat),
      }),
    ),
    ...texts.map((sms) => item(sms.id, 'SMS', sms.inbound === true, sms.userId, sms.message, sms.timestamp ?? sms.createdAt)),
    ...emails.map((email) =>
      item(email.id, 'Email', email.inbound === true, email.userId, email.textContent, email.timestamp ?? email.createdAt, { subject: String(email.subject ?? ''), attachments: attachmentsOf(email) }),
    ),
  ].sort((a, b) => a.at - b.at);
  const latestEmail = (thread ?? []).sort((a, b) => time(b.timestamp) - time(a.timestamp))[0];
  return {
    key,
    enduserId,
    patientName,
    phoneNumber: key.channel === 'SMS' ? key.phoneNumber : undefined,
    room: room ? { id: String(room.id), closed: !!room.endedAt, userIds: (room.userIds as string[] | undefined) ?? [] } : undefined,
    closed: !!room?.endedAt,
    subject: latestEmail ? String(latestEmail.subject ?? '') : undefined,
    replyTo: key.channel === 'Email' ? key.thread : undefined,
    assigneeIds: room ? ((room.userIds as string[] | undefined) ?? []) : ((patient?.assignedTo as string[] | undefined) ?? []),
    history,
  };
};
