import { socketEventStream } from '../../socket-event-stream.server';

/** The records that move the inbox: messages on every channel, rooms (previews, unread counts, closing) and the staff member's notifications. */
const MODELS = ['chats', 'chat_rooms', 'sms_messages', 'emails', 'user_notifications', 'endusers'];

/**
 * The inbox's live channel, the console's pattern (web/app/staff/enduser-events.server.ts): the web
 * server holds the staff member's own realtime socket (the api sends each of them only what they may
 * read) and says `change` for any create or update of those models; the page reloads its data.
 */
export const inboxEventStream = (authToken: string, signal: AbortSignal) =>
  socketEventStream(authToken, signal, (socket, notify) => {
    for (const model of MODELS) {
      for (const kind of ['created', 'updated']) socket.on(`${kind}-${model}`, () => notify('change'));
    }
  });
