import { io, type Socket } from 'socket.io-client';
import { config } from './config.server';

/** How often the stream sends a comment so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * docs/contract/limits.md#sessions-and-realtime: authentication is tried up to 10 times, 250 ms apart, and no new connection is attempted
 * within 2.5 s of the last. The socket tries (and reconnects after a lost connection) that way; when
 * it gives up, the stream ends with a reconnection time of 2.5 s, so the browser's EventSource opens
 * the next stream, and with it the next socket, no sooner.
 */
export const SOCKET_ATTEMPTS = 10;
export const SOCKET_RETRY_MS = 250;
export const STREAM_RETRY_MS = 2_500;

/** What a page's stream does with the api's socket: listen for its events and call `notify(event)`. */
type Subscribe = (socket: Socket, notify: (event: string) => void) => (() => void) | void;

/**
 * A server-sent-events stream for one page, fed by the api's realtime socket (socket.io, token in
 * auth.token) opened by the web server with the visitor's own session token, which never reaches
 * the browser. `subscribe` decides which of the socket's events become which page events (no
 * content: the page reloads its data through its loader). `ready` tells the page the live channel
 * works and `down` that it does not, so the page can fall back to polling. The socket, heartbeat
 * and whatever `subscribe` started stop when the browser goes away.
 */
export const socketEventStream = (authToken: string, signal: AbortSignal, subscribe: Subscribe) => {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (chunk: string) => {
        if (!closed) controller.enqueue(encoder.encode(chunk));
      };
      const notify = (event: string) => send(`event: ${event}\ndata: {}\n\n`);
      send(`retry: ${STREAM_RETRY_MS}\n\n`);
      const socket = io(config.apiUrl, {
        auth: { token: authToken },
        transports: ['websocket'],
        reconnectionAttempts: SOCKET_ATTEMPTS - 1,
        reconnectionDelay: SOCKET_RETRY_MS,
        reconnectionDelayMax: SOCKET_RETRY_MS,
        randomizationFactor: 0,
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      let refused = 0;
      let retry: ReturnType<typeof setTimeout> | undefined;
      // The last failed attempt already said `down`.
      const giveUp = () => cleanup();
      socket.on('connect', () => {
        refused = 0;
        notify('ready');
      });
      socket.on('disconnect-reason', () => notify('down'));
      socket.on('connect_error', () => {
        notify('down');
        // A refused handshake (the api said no to the token) is not retried by socket.io itself.
        if (socket.active) return;
        refused += 1;
        if (refused >= SOCKET_ATTEMPTS) return giveUp();
        retry = setTimeout(() => socket.connect(), SOCKET_RETRY_MS);
      });
      socket.io.on('reconnect_failed', giveUp);
      const stopSubscription = subscribe(socket, notify);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(retry);
        stopSubscription?.();
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
