import type { Session, EnduserSession } from '@tellescope/sdk';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { RunningApi } from '../support/api-server';

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

export type Closed = { code: number; reason: string };

/** A graphql-ws client on the api's /graphql with the token in connection_init; records closes. */
export const connectGraphqlWs = (api: RunningApi, token: string) => {
  const closes: Closed[] = [];
  const client = createClient({
    url: `${api.host.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event) => void closes.push({ code: (event as Closed).code, reason: (event as Closed).reason }) },
    onNonLazyError: () => {},
  });
  return { client, closes };
};

/** Starts a subscription and collects what it yields; resolves once the server has registered it. */
export const subscribeGraphqlWs = async (api: RunningApi, client: Client, query: string) => {
  const items: unknown[] = [];
  const errors: unknown[] = [];
  const before = subscriptionCount(api);
  const stop = client.subscribe<Record<string, unknown[]>>(
    { query },
    {
      next: (result) => {
        if (result.errors) errors.push(...result.errors);
        for (const list of Object.values(result.data ?? {})) items.push(...(list ?? []));
      },
      error: (error) => void errors.push(error),
      complete: () => {},
    },
  );
  await eventually(() => subscriptionCount(api) > before || errors.length > 0, 2_000, 'the subscription to be registered');
  return { items, errors, stop };
};

/** How many sockets the api's hub holds (all tenants). */
export const connectionCount = (api: RunningApi) => (api.realtime.hub as unknown as { connections: Map<unknown, unknown> }).connections.size;

/** How many subscriptions the api's hub holds (all tenants). */
export const subscriptionCount = (api: RunningApi) =>
  [...((api.realtime.hub as unknown as { byBusiness: Map<string, Set<unknown>> }).byBusiness.values())].reduce((sum, set) => sum + set.size, 0);

/**
 * For a subscription on another process, whose registration this test cannot see: makes a
 * change (send) every `everyMs` until the subscriber has heard one (heard), or fails after `tries`.
 * One primer can be written before the subscription is registered, and then is never heard.
 */
export const primeUntilHeard = async (send: (attempt: number) => Promise<unknown>, heard: () => boolean, what: string, { tries = 40, everyMs = 250 } = {}) => {
  for (let attempt = 0; attempt < tries; attempt++) {
    await send(attempt);
    const heardIt = await eventually(heard, everyMs, what).then(
      () => true,
      () => false,
    );
    if (heardIt) return;
  }
  throw new Error(`${what} never heard any of ${tries} changes`);
};
