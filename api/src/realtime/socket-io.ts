import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { DataSource } from 'typeorm';
import { UNAUTHENTICATED } from '../errors';
import type { RealtimeChange } from './bus';
import type { RealtimeConnection, RealtimeHub, RealtimeSubscription } from './hub';
import { authenticateSocketToken, type RealtimeSession } from './session';

/** What the engine.io connection keeps for a socket, for counting its unsent bytes. */
interface EngineConnection {
  writeBuffer?: { data?: unknown }[];
  transport?: { socket?: { bufferedAmount?: number } };
}

const unsentBytes = (socket: Socket) => {
  const connection = socket.conn as unknown as EngineConnection;
  let bytes = connection.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of connection.writeBuffer ?? []) {
    bytes += typeof packet.data === 'string' ? packet.data.length : ((packet.data as { byteLength?: number } | undefined)?.byteLength ?? 0);
  }
  return bytes;
};

/**
 * The reference client's socket (`@tellescope/sdk` Session.initialize_socket): socket.io on the
 * api's own port at /socket.io, websocket transport only (polling would need sticky sessions across
 * api processes), the session token in the handshake's `auth.token`. Each change the caller may read
 * arrives as `created-<model>` / `updated-<model>` with a list of records as getOne answers them,
 * or `deleted-<model>` with a list of ids. Older clients connect to the namespace /<businessId>: it
 * works the same for that business's accounts.
 */
export const attachSocketIo = (server: HttpServer, hub: RealtimeHub, deps: { dataSource: DataSource; jwtSecret: string }) => {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    cors: { origin: '*' },
    // Clients send nothing but pings; anything large is not ours.
    maxHttpBufferSize: 64 * 1024,
    pingInterval: 20_000,
    pingTimeout: 20_000,
    // graphql-ws shares the server's upgrade requests: engine.io must leave other paths alone.
    destroyUpgrade: false,
  });
  const namespaces = [io.of('/'), io.of(/^\/[0-9a-f]{24}$/)];
  /** Each subscription's socket, for broadcasting one encoded packet to many. */
  const socketOf = new WeakMap<RealtimeSubscription, Socket>();
  const deliverMany = (subscriptions: RealtimeSubscription[], change: RealtimeChange, payload: unknown) => {
    const byNamespace = new Map<string, { namespace: Socket['nsp']; ids: string[] }>();
    for (const subscription of subscriptions) {
      const socket = socketOf.get(subscription);
      if (!socket) continue;
      const entry = byNamespace.get(socket.nsp.name) ?? { namespace: socket.nsp, ids: [] };
      entry.ids.push(socket.id);
      byNamespace.set(socket.nsp.name, entry);
    }
    // One encoding of the packet for all of them (socket.io's broadcast), not one per socket.
    for (const { namespace, ids } of byNamespace.values()) namespace.local.to(ids).emit(`${change.kind}-${change.resource}`, [payload]);
  };
  for (const namespace of namespaces) {
    namespace.use((socket, next) => {
      authenticateSocketToken(deps.dataSource, deps.jwtSecret, (socket.handshake.auth as { token?: unknown } | undefined)?.token, 'socket.io').then((session) => {
        const named = socket.nsp.name.slice(1);
        if (!session || (named && named !== session.caller.businessId)) return next(new Error(UNAUTHENTICATED));
        socket.data.session = session;
        next();
      }, next);
    });
    namespace.on('connection', (socket) => {
      const session = socket.data.session as RealtimeSession;
      const connection: RealtimeConnection = {
        session,
        bufferedBytes: () => unsentBytes(socket),
        close: (reason) => {
          socket.emit('disconnect-reason', reason);
          socket.disconnect(true);
        },
      };
      hub.addConnection(connection);
      const subscription: RealtimeSubscription = {
        connection,
        wants: () => true,
        deliver: (change, payload) => void socket.emit(`${change.kind}-${change.resource}`, [payload]),
        deliverMany,
      };
      socketOf.set(subscription, socket);
      hub.add(subscription);
      socket.on('ping', () => void socket.emit('pong'));
      socket.on('disconnect', () => hub.removeConnection(connection));
      // Clients of the 'authenticated' era wait for it before trusting the socket.
      socket.emit('authenticated');
    });
  }
  return {
    io,
    /** Disconnects every client; the http server is the caller's to close. */
    close: () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
};
