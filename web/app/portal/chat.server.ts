import { ApiError, callApi, formErrorMessage } from '../api.server';
import { postedFile, uploadFile } from './files.server';
import type { Enduser } from '../session.server';
import { attachmentKind, type ChatMessageView } from './chat';
import { createRecord, getRecord, listRecords, optionalText, text, type ApiRecord } from './resources.server';
import { displayNameOf } from './signed-in.server';

/** How many of a room's latest messages the page shows (ours: the spec gives no page size). */
export const MESSAGE_PAGE = 200;

const timeOf = (value: unknown) => {
  const ms = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? ms : 0;
};

export interface RoomSummary {
  id: string;
  /** The room's own title (none: the page names it).*/
  title?: string;
  recentMessage: string;
  recentSender: string;
  updatedAt: number;
  unreadCount: number;
}

const unreadFor = (room: ApiRecord, enduserId: string) => {
  const info = (room.infoForUser as Record<string, { unreadCount?: unknown }> | undefined)?.[enduserId];
  return typeof info?.unreadCount === 'number' && info.unreadCount > 0 ? info.unreadCount : 0;
};

/** The chat rooms the enduser may read, newest first (the list and the badge's count). */
export const listChatRooms = (authToken: string) => listRecords(authToken, 'chat-rooms', { limit: 500, sort: 'newFirst' });

/** 'Your Conversations' (docs/contract/portal.md#communications): rooms without endedAt, most recently updated first. */
export const yourRooms = async (authToken: string, enduserId: string): Promise<RoomSummary[]> => {
  const rooms = await listChatRooms(authToken);
  const open = rooms.filter((room) => !room.endedAt);
  const senders = await displayInfoOfRooms(authToken, open);
  return open
    .map((room) => ({
      id: room.id,
      // No title: the page names it in the patient's language.
      title: optionalText(room.title),
      recentMessage: text(room.recentMessage),
      recentSender: room.recentSender ? senders.get(String(room.recentSender)) ?? '' : '',
      updatedAt: timeOf(room.updatedAt ?? room.createdAt),
      unreadCount: unreadFor(room, enduserId),
    }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
};

type DisplayInfo = Record<string, Record<string, unknown>>;

export const roomDisplayInfo = async (authToken: string, roomId: string) =>
  (await callApi<{ display_info: DisplayInfo }>('/v1/chat-room-display-info', { authToken, query: { id: roomId } })).display_info ?? {};

/** Names of the people who last wrote in each room (one display-info call per room that has one). */
const displayInfoOfRooms = async (authToken: string, rooms: ApiRecord[]) => {
  const names = new Map<string, string>();
  await Promise.all(
    rooms
      .filter((room) => room.recentSender)
      .map(async (room) => {
        const info = await roomDisplayInfo(authToken, room.id).catch(() => ({}) as DisplayInfo);
        for (const [id, person] of Object.entries(info)) names.set(id, displayNameOf({ ...person, id }));
      }),
  );
  return names;
};

const toAttachments = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .filter((item): item is { type?: string; name?: string; secureName: string } => !!item && typeof item === 'object' && typeof item.secureName === 'string')
    .map((item) => ({ type: attachmentKind(item), name: item.name ?? '', secureName: item.secureName }));

/** A room's latest messages, oldest first, with each sender's display name (docs/contract/validation.md#display-names-and-text). */
export const roomMessages = async (authToken: string, enduserId: string, roomId: string, info: DisplayInfo): Promise<ChatMessageView[]> => {
  const chats = await listRecords(authToken, 'chats', { filter: { roomId }, limit: MESSAGE_PAGE, sort: 'newFirst' });
  return chats
    .map((chat) => {
      const senderId = text(chat.senderId);
      const person = info[senderId];
      return {
        id: chat.id,
        senderId,
        // Unknown senders are named by the page, in the patient's language.
        senderName: person ? displayNameOf({ ...person, id: senderId }) : '',
        message: text(chat.message),
        createdAt: timeOf(chat.createdAt),
        mine: senderId === enduserId,
        attachments: toAttachments(chat.attachments),
      };
    })
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
};

/** The room, or undefined when it does not exist for this enduser. */
export const findRoom = async (authToken: string, roomId: string) => {
  try {
    return await getRecord(authToken, 'chat-room', roomId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return undefined;
    throw error;
  }
};

/** docs/contract/portal.md#communications: opening a room marks its messages read (chat_rooms mark_read with id). */
export const markRoomRead = (authToken: string, roomId: string) => callApi('/v1/mark-chat-room-read', { method: 'POST', authToken, body: { id: roomId } });

export const sendMessage = (authToken: string, roomId: string, message: string, attachments: { type: string; name: string; secureName: string }[] = []) =>
  createRecord(authToken, 'chat', { roomId, message, ...(attachments.length ? { attachments } : {}) });

/**
 * Whether the enduser's organization lets endusers start chats: the reference client's shape,
 * portalSettings.communication.allowEnduserInitiatedChat, of the most specific organization.
 */
export const enduserMayStartChat = async (enduser: Enduser) => {
  const organizationIds = Array.isArray(enduser.organizationIds) ? (enduser.organizationIds as string[]) : [];
  const query: Record<string, string> = { businessId: String(enduser.businessId ?? '') };
  const organizationId = organizationIds[organizationIds.length - 1];
  if (organizationId) query.organizationIds = organizationId;
  try {
    const { theme } = await callApi<{ theme?: { portalSettings?: { communication?: { allowEnduserInitiatedChat?: unknown } } } }>('/v1/organization-theme', { query });
    return theme?.portalSettings?.communication?.allowEnduserInitiatedChat === true;
  } catch (error) {
    console.error('Reading the portal chat setting failed', error);
    return false;
  }
};

/**
 * Starts a conversation (docs/contract/portal.md#communications): a room with the enduser and their care team (assignedTo), then
 * the first message.
 */
export const startConversation = async (authToken: string, enduser: Enduser, title: string, message: string) => {
  const userIds = Array.isArray(enduser.assignedTo) ? (enduser.assignedTo as unknown[]).filter((id): id is string => typeof id === 'string') : [];
  const room = await createRecord(authToken, 'chat-room', { enduserIds: [enduser.id], userIds, title, type: 'external' });
  await sendMessage(authToken, room.id, message);
  return room;
};

/**
 * Sends the message of a posted composer form (text and at most one image or video, uploaded
 * first for the enduser). Answers the error text to show, or undefined when it was sent.
 */
export const sendFromForm = async (authToken: string, enduserId: string, roomId: string, form: FormData, emptyMessage: string) => {
  const message = String(form.get('message') ?? '').trim();
  const file = postedFile(form.get('file'));
  if (!message && !file) return emptyMessage;
  try {
    const attachments = [];
    if (file) {
      const record = await uploadFile(authToken, enduserId, file);
      const kind = file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : 'file';
      attachments.push({ type: kind, name: file.name || 'Attachment', secureName: String(record.secureName) });
    }
    await sendMessage(authToken, roomId, message || (file?.name ?? ''), attachments);
    return undefined;
  } catch (error) {
    return formErrorMessage(error);
  }
};

/** Unread messages over the enduser's open rooms (the navigation's badge); 0 when the rooms cannot be read. */
export const unreadChatCount = async (rooms: Promise<ApiRecord[]>, enduserId: string) => {
  try {
    return (await rooms).filter((room) => !room.endedAt).reduce((total, room) => total + unreadFor(room, enduserId), 0);
  } catch (error) {
    console.error('Counting unread messages failed', error);
    return 0;
  }
};
