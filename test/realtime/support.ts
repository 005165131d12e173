import type { Session, EnduserSession } from '@tellescope/sdk';

/** Events a socket received, by name, each as the list the server sent. */
export type Received = Map<string, unknown[][]>;

type SocketLike = {
  connected: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  disconnect(): unknown;
};

/**
 * Opens the reference client's own socket (Session.initialize_socket: socket.io, websocket
 * transport, the token in the handshake's auth) and records every event it receives.
 */
export const openClientSocket = async (session: Session | EnduserSession) => {
  session.initialize_socket();
  const socket = (session as unknown as { socket?: SocketLike }).socket;
  if (!socket) throw new Error('the client did not open a socket');
  const received: Received = new Map();
  socket.onAny((event, payload) => {
    const list = received.get(event) ?? [];
    list.push(payload as unknown[]);
    received.set(event, list);
  });
  await new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, received };
};

/** Every record (or id) received under `event`, flattened. */
export const itemsOf = (received: Received, event: string) => (received.get(event) ?? []).flat();

/** Waits until `check` holds, or fails after `ms`. */
export const eventually = async (check: () => boolean, ms = 2_000, what = 'the expected event') => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
