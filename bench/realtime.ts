/**
 * bench/realtime: delivery latency of one chat message to 1,000 socket.io subscribers connected to
 * two api processes sharing Redis (half on each; the chat is written through each in turn), beside
 * the round trip of a bare Redis publish to 1,000 Node subscribers (ioredis), measured in the same
 * run on the same Redis. Prints p50 and p99 of each; the goal is a p99 under 100 ms.
 *
 * A chat's latency for one subscriber runs from the record's createdAt (set in its transaction,
 * before the commit) to the moment that subscriber's event is parsed. All subscribers are sockets
 * of the organization's Admin: one access decision per change and process (docs/decisions.md
 * "Realtime"); callers with row conditions of their own (endusers) cost one getOne each.
 *
 * Run: npm run bench:realtime   (REDIS_URL, else redis://127.0.0.1:6379; DATABASE_URL's server,
 *      else the local server, else embedded PostgreSQL; BENCH_SUBSCRIBERS, BENCH_ROUNDS; BENCH_PROFILE=<dir>
 *      runs both api processes with --cpu-prof, their profiles written there when they stop)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { Session } from '@tellescope/sdk';
import { dropDatabase, openDataSource } from '@carelane/db';
import { createTenant } from '../test/support/tenant';
import { startApiProcess } from '../test/support/api-process';
import { providePostgres, scratchDatabaseUrl } from '../scripts/services/postgres';
import { runBench } from './support/run-bench';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const now = () => performance.timeOrigin + performance.now();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

const waitUntil = async (check: () => boolean, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

/** Opens `count` sockets, alternating between hosts, a few at a time. */
const openSockets = async (hosts: string[], token: string, count: number, onChat: (id: string, createdAt: number) => void) => {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const socket = io(hosts[(i + j) % hosts.length], { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.on('created-chats', (records: { id: string; createdAt: string }[]) => {
        const at = now();
        for (const record of records) onChat(record.id, at - Date.parse(record.createdAt));
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
};

const benchApi = async (hosts: string[], sessions: Session[], roomId: string) => {
  const received = new Map<string, number[]>();
  const sockets = await openSockets(hosts, sessions[0].authToken, SUBSCRIBERS, (id, latency) => {
    const list = received.get(id) ?? [];
    list.push(latency);
    received.set(id, list);
  });
  const latencies: number[] = [];
  const createMs: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const writer = sessions[round % sessions.length];
    const started = now();
    const chat = await writer.api.chats.createOne({ roomId, message: `Round ${round}` });
    if (round >= WARMUP) createMs.push(now() - started);
    await waitUntil(() => (received.get(chat.id)?.length ?? 0) >= SUBSCRIBERS, 15_000, `chat ${round} to reach ${SUBSCRIBERS} sockets`);
    if (round >= WARMUP) latencies.push(...received.get(chat.id)!);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const socket of sockets) socket.disconnect();
  return { latencies, createMs };
};

const benchRedis = async (redisUrl: string) => {
  const channel = `carelane:bench:${randomBytes(4).toString('hex')}`;
  const latencies = new Map<number, number[]>();
  const subscribers: Redis[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, async () => {
        const subscriber = new Redis(redisUrl);
        subscriber.on('message', (_channel: string, message: string) => {
          const at = now();
          const { round, sentAt } = JSON.parse(message) as { round: number; sentAt: number };
          const list = latencies.get(round) ?? [];
          list.push(at - sentAt);
          latencies.set(round, list);
        });
        await subscriber.subscribe(channel);
        subscribers.push(subscriber);
      }),
    );
  }
  const publisher = new Redis(redisUrl);
  const all: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    await publisher.publish(channel, JSON.stringify({ round, sentAt: now() }));
    await waitUntil(() => (latencies.get(round)?.length ?? 0) >= SUBSCRIBERS, 15_000, `publish ${round} to reach ${SUBSCRIBERS} subscribers`);
    if (round >= WARMUP) all.push(...latencies.get(round)!);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all([publisher, ...subscribers].map((client) => client.quit()));
  return all;
};

const main = async () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await probe.connect().catch(() => {
    throw new Error(`bench/realtime needs Redis at ${redisUrl} (set REDIS_URL)`);
  });
  await probe.quit();

  const postgres = await providePostgres();
  const url = await scratchDatabaseUrl(postgres, 'carelane_bench_realtime');
  const dataSource = await openDataSource(url, { poolSize: 5 });
  const jwtSecret = randomBytes(32).toString('hex');
  // Temporal is not needed: automations of chats are not measured (their consumer's failures are retried by the outbox, off the hot path).
  const apis = await Promise.all(
    [0, 1].map(() =>
      startApiProcess({
        jwtSecret,
        databaseUrl: url,
        redisUrl,
        temporalAddress: '127.0.0.1:1',
        env: { NODE_ENV: 'production' },
        // BENCH_PROFILE=<dir>: each api writes a CPU profile there when it stops.
        nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
      }),
    ),
  );
  try {
    const tenant = await createTenant(dataSource);
    const sessions = await Promise.all(
      apis.map(async (api) => {
        const session = new Session({ host: api.host });
        await session.authenticate(tenant.adminEmail, tenant.adminPassword);
        return session;
      }),
    );
    const room = await sessions[0].api.chat_rooms.createOne({ type: 'internal', userIds: [sessions[0].userInfo.id] } as never);

    const redis = await benchRedis(redisUrl);
    const api = await benchApi(apis.map((a) => a.host), sessions, room.id);

    const line = (title: string, values: number[]) =>
      `  ${title.padEnd(58)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms   (${values.length} deliveries)`;
    console.log(`\nbench/realtime: ${SUBSCRIBERS} subscribers, ${ROUNDS} messages (after ${WARMUP} warm-up), Redis ${redisUrl}`);
    console.log(line(`bare Redis publish -> ${SUBSCRIBERS} ioredis subscribers`, redis));
    console.log(line(`chat createdAt -> ${SUBSCRIBERS} socket.io events (2 api processes)`, api.latencies));
    console.log(`  (the create call itself: p50 ${percentile(api.createMs, 50).toFixed(1)} ms, p99 ${percentile(api.createMs, 99).toFixed(1)} ms)`);
    console.log(`  goal: p99 under 100 ms -> ${percentile(api.latencies, 99) < 100 ? 'met' : 'not met'} on this machine`);
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await dataSource.destroy();
    await dropDatabase(url).catch(() => {});
    await postgres.stop();
  }
};

runBench(main);
