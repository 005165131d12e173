import type { Server } from 'node:http';

/**
 * Stops an http server within `graceMs`: no new connections, idle keep-alive connections closed at
 * once, requests in flight given `graceMs` to finish, then every connection still open is closed.
 * `server.close()` alone waits for every connection, and a response that never ends by itself (a
 * server-sent event stream) kept the process from ever exiting (docs/decisions.md "Stopping cleanly").
 */
export const closeHttpServer = (server: Server, graceMs: number) =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
