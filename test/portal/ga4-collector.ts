import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for GA4's collection endpoint (/g/collect): records every hit's query parameters
 * (the widget sends them as gtag.js does) and answers 204 like Google's.
 */
export const startGa4Collector = async () => {
  const hits: Record<string, string>[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://collector.local');
    if (url.pathname === '/g/collect') {
      hits.push(Object.fromEntries(url.searchParams));
      for (const waiter of waiters.filter((w) => hits.length >= w.count)) waiter.resolve();
    }
    req.resume();
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/g/collect`,
    hits,
    /** Resolves once `count` hits have arrived. */
    received: (count: number) => (hits.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
