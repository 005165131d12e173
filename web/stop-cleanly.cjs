/**
 * Imported by web/serve/main.js before it listens. Remix's own server (remix-serve, which the portal
 * ran on before) answered SIGTERM with `server.close()` alone, which waits for every open connection; the
 * portal's live channels (server-sent events, web/app/socket-event-stream.server.ts) never end by
 * themselves, so the portal never exited and was killed (docs/decisions.md "Stopping cleanly"). Here
 * SIGTERM or SIGINT closes idle connections at once, gives requests in flight GRACE_MS, then closes
 * every connection (a live channel's browser reconnects to the next portal), and exits 0 as soon as
 * the server has closed; after DEADLINE_MS it exits 1 saying so.
 */
const http = require('node:http');

const GRACE_MS = 2_000;
const DEADLINE_MS = 8_000;

const servers = new Set();
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  servers.add(this);
  // Registered before any close callback of the server's own, so the process exits first.
  this.once('close', () => {
    servers.delete(this);
    if (stopping && servers.size === 0) process.exit(0);
  });
  return listen.apply(this, args);
};

let stopping = false;
const stop = () => {
  // Once: `npm start` forwards the signal its process group may already have received.
  if (stopping) return;
  stopping = true;
  if (servers.size === 0) process.exit(0);
  setTimeout(() => {
    for (const server of servers) server.closeAllConnections();
  }, GRACE_MS).unref();
  setTimeout(() => {
    process.stderr.write(`portal: could not stop within ${DEADLINE_MS / 1000} s; exiting anyway\n`);
    process.exit(1);
  }, DEADLINE_MS).unref();
  for (const server of servers) {
    server.close();
    server.closeIdleConnections();
  }
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
