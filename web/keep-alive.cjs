/**
 * Imported by web/serve/main.js before it listens (a patch of http.Server, so it holds for whatever
 * server the portal runs on). Node closes an idle kept-alive connection after 5 s, while clients
 * and load balancers keep theirs for a minute: a request sent on a connection just as the portal
 * closes it fails with "socket hang up" (or a load balancer's 502). Idle connections here outlive
 * the usual 60 s of a load balancer; the header deadline stays longer than the idle one, as Node asks.
 */
const http = require('node:http');

const KEEP_ALIVE_MS = 65_000;

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  this.keepAliveTimeout = KEEP_ALIVE_MS;
  this.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return listen.apply(this, args);
};
