import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { CloseCode, handleProtocols, makeServer } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DataSource } from 'typeorm';
import { UNAUTHENTICATED } from '../errors';
import { realtimeSchema, type RealtimeContext } from './graphql-schema';
import type { RealtimeConnection, RealtimeHub } from './hub';
import { authenticateSocketToken } from './session';

export const GRAPHQL_PATH = '/graphql';
/** A ping every interval; a socket that has not answered the previous one by then is cut. */
const HEARTBEAT_MS = 12_000;
/** 'Try again later': the client reconnects (and reloads what it shows) when it can keep up. */
const TOO_SLOW = 1013;

type Extra = { socket: WebSocket; request: IncomingMessage; connection?: RealtimeConnection };

/** The token in connection_init: `{ token }`, `{ authToken }` or `{ Authorization: 'Bearer …' }`. */
const tokenOf = (params: Record<string, unknown> | undefined) => params?.token ?? params?.authToken ?? params?.Authorization ?? params?.authorization;

/**
 * graphql-ws (the graphql-transport-ws protocol) on the api's port at /graphql. The session token
 * travels in connection_init's payload; a missing, invalid, revoked or expired token closes the
 * socket with 4401 Unauthenticated. Built on graphql-ws's transport-neutral server over `ws`, so the
 * socket's unsent bytes and heartbeats stay in our hands.
 */
export const attachGraphqlWs = (server: HttpServer, hub: RealtimeHub, deps: { dataSource: DataSource; jwtSecret: string }) => {
  const wss = new WebSocketServer({ noServer: true, handleProtocols, maxPayload: 64 * 1024 });
  const graphql = makeServer<Record<string, unknown> | undefined, Extra>({
    schema: realtimeSchema,
    context: (ctx): RealtimeContext => ({ hub, connection: ctx.extra.connection! }),
    onConnect: async (ctx) => {
      const session = await authenticateSocketToken(deps.dataSource, deps.jwtSecret, tokenOf(ctx.connectionParams), 'graphql-ws');
      const { socket } = ctx.extra;
      if (!session) {
        socket.close(CloseCode.Unauthorized, UNAUTHENTICATED);
        return false;
      }
      const connection: RealtimeConnection = {
        session,
        bufferedBytes: () => socket.bufferedAmount,
        close: (reason) => socket.close(reason === 'Too slow' ? TOO_SLOW : CloseCode.Unauthorized, reason === 'Too slow' ? reason : UNAUTHENTICATED),
      };
      ctx.extra.connection = connection;
      hub.addConnection(connection);
      return true;
    },
    onClose: (ctx) => {
      if (ctx.extra.connection) hub.removeConnection(ctx.extra.connection);
    },
  });

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    let alive = true;
    socket.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      // A socket being closed (too slow, unauthenticated) gets its close frame, not a cut.
      if (socket.readyState !== socket.OPEN) return;
      if (!alive) return void socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const extra: Extra = { socket, request };
    const closed = graphql.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, () => resolve());
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              console.error(`realtime: graphql-ws message: ${(error as Error).message}`);
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      extra,
    );
    socket.on('error', () => socket.terminate());
    socket.once('close', (code, reason) => {
      clearInterval(heartbeat);
      void closed(code, String(reason));
    });
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0].replace(/\/+$/, '');
    if (path !== GRAPHQL_PATH && path !== `/v1${GRAPHQL_PATH}`) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);

  return {
    close: () => {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
};
