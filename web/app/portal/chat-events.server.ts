import { io } from 'socket.io-client';
import { config } from '../config.server';

/** How often the stream sends a comment so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * A server-sent-events stream of one room's changes for the browser: the portal server opens the
 * api's realtime socket (socket.io, token in auth.token) with the enduser's own session token and
 * forwards only that room's new messages as `message` events (no content: the page then reloads
 * the messages through the portal). The api already sends a socket only what its token may read.
 * `ready` tells the page the live channel works; when it fails the page keeps polling.
 */
export const roomEventStream = (authToken: string, roomId: string, signal: AbortSignal) => {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (chunk: string) => {
        if (!closed) controller.enqueue(encoder.encode(chunk));
      };
      const socket = io(config.apiUrl, { auth: { token: authToken }, transports: ['websocket'], reconnectionDelayMax: 10_000 });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      const inRoom = (records: unknown) => Array.isArray(records) && records.some((record) => record && typeof record === 'object' && (record as { roomId?: unknown }).roomId === roomId);
      socket.on('connect', () => send('event: ready\ndata: {}\n\n'));
      socket.on('created-chats', (records: unknown) => inRoom(records) && send('event: message\ndata: {}\n\n'));
      socket.on('updated-chats', (records: unknown) => inRoom(records) && send('event: message\ndata: {}\n\n'));
      socket.on('deleted-chats', () => send('event: message\ndata: {}\n\n'));
      socket.on('disconnect-reason', () => send('event: down\ndata: {}\n\n'));
      socket.on('connect_error', () => send('event: down\ndata: {}\n\n'));
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        socket.close();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal.addEventListener('abort', cleanup, { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps compression from buffering the stream.
      'Cache-Control': 'private, no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
};
