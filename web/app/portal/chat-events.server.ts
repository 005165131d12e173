import { socketEventStream } from '../socket-event-stream.server';

/**
 * A server-sent-events stream of one room's changes for the browser: `message` when a chat of that
 * room is created, updated or deleted (the api already sends a socket only what its token may
 * read); the page then reloads the messages through the portal, and keeps polling while the live
 * channel is down.
 */
export const roomEventStream = (authToken: string, roomId: string, signal: AbortSignal) =>
  socketEventStream(authToken, signal, (socket, notify) => {
    const inRoom = (records: unknown) => Array.isArray(records) && records.some((record) => record && typeof record === 'object' && (record as { roomId?: unknown }).roomId === roomId);
    socket.on('created-chats', (records: unknown) => inRoom(records) && notify('message'));
    socket.on('updated-chats', (records: unknown) => inRoom(records) && notify('message'));
    socket.on('deleted-chats', () => notify('message'));
  });

/**
 * A server-sent-events stream of the enduser's conversations for the shell and 'Your Conversations':
 * `change` when a room or a chat reaches the enduser's socket (the api sends a socket only what its
 * token may read, so every event concerns one of their rooms). The page then asks for the new
 * unread count or reloads its list.
 */
export const roomsEventStream = (authToken: string, signal: AbortSignal) =>
  socketEventStream(authToken, signal, (socket, notify) => {
    for (const event of ['created-chat_rooms', 'updated-chat_rooms', 'deleted-chat_rooms', 'created-chats']) socket.on(event, () => notify('change'));
  });
