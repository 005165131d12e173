import type { Server as HttpServer } from 'node:http';
import type { DataSource } from 'typeorm';
import type { ResourceEngine } from '@carelane/engine';
import type { AccountChanges } from '../auth/account-changes';
import { createRealtimeBus, RedisBus } from './bus';
import { attachGraphqlWs } from './graphql-ws';
import { RealtimeHub } from './hub';
import { realtimePublisher } from './publisher';
import { attachSocketIo } from './socket-io';

export type { RealtimeChange, RealtimeBus } from './bus';

/**
 * Realtime delivery (docs/decisions.md "Realtime"): the change feed publishes each committed change
 * on the bus (Redis pub/sub when REDIS_URL is set), every api process's hub hands it to its own
 * sockets whose caller may read the record. `attach` the http server once it exists; `close` before
 * the server and the DataSource.
 */
export const createRealtime = (
  config: { redisUrl?: string; jwtSecret: string; realtimeRevalidateSeconds: number; realtimeMaxBufferedBytes: number },
  engine: ResourceEngine,
  dataSource: DataSource,
  /** Account changes heard from PostgreSQL: a logout, password or role change closes that account's sockets at once. Closed with `close()`. */
  accountChanges?: AccountChanges,
) => {
  const bus = createRealtimeBus(config.redisUrl);
  const hub = new RealtimeHub(engine, dataSource, bus, { revalidateMs: config.realtimeRevalidateSeconds * 1000, maxBufferedBytes: config.realtimeMaxBufferedBytes });
  const stopHearing = accountChanges?.onChange((change) => hub.accountChanged(change));
  const attached: { close: () => void }[] = [];
  return {
    bus,
    hub,
    /** The change feed's consumer publishing on the bus. */
    publisher: realtimePublisher(bus, dataSource),
    /** Resolves once this process hears the bus (Redis subscription confirmed). */
    ready: () => (bus instanceof RedisBus ? bus.whenReady() : Promise.resolve()),
    /** Serves socket.io (/socket.io) and graphql-ws (/graphql) on the api's own http server. */
    attach(server: HttpServer) {
      const deps = { dataSource, jwtSecret: config.jwtSecret };
      attached.push(attachGraphqlWs(server, hub, deps), attachSocketIo(server, hub, deps));
    },
    /** Closes every socket (an open socket keeps the http server from closing); changes are still published. */
    closeSockets() {
      for (const part of attached.splice(0)) part.close();
    },
    /** Sockets, the hub, the bus and the account-change listener: after the change feed stopped. */
    async close() {
      this.closeSockets();
      stopHearing?.();
      hub.close();
      await bus.close();
      await accountChanges?.close();
    },
  };
};

export type Realtime = ReturnType<typeof createRealtime>;
