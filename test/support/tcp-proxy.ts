import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the fault tests), to take it away from one client
 * without touching the server other processes use: `cut()` closes every open connection and stops
 * listening (new connections are refused, as from a stopped server), `restore()` listens again on
 * the same port.
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  let cut = false;
  return {
    port: () => port,
    connections: () => sockets.size / 2,
    cut: async () => {
      cut = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: async () => {
      if (!cut) return;
      cut = false;
      await listen();
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      if (!cut) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
