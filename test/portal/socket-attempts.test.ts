import { startApi } from '../support/api-server';

type Api = Awaited<ReturnType<typeof startApi>>;
type SocketEventStream = typeof import('../../web/app/socket-event-stream.server').socketEventStream;

/** Reads a server-sent-events body to its end: each `event:` name and `retry:` value with the time it arrived. */
const readStream = async (response: Response) => {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const lines: { line: string; at: number }[] = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) if (line.startsWith('event:') || line.startsWith('retry:')) lines.push({ line, at: Date.now() });
  }
  return lines;
};

/** docs/contract/limits.md#sessions-and-realtime for the portal's live channels: 10 authentication attempts 250 ms apart, nothing new within 2.5 s. */
describe("portal: the live channel's socket attempts", () => {
  let api: Api;
  let socketEventStream: SocketEventStream;

  beforeAll(async () => {
    api = await startApi();
    // The portal reads its api's address once, when its configuration is first loaded.
    process.env.API_URL = api.host;
    ({ socketEventStream } = await import('../../web/app/socket-event-stream.server'));
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('a token the api refuses is tried 10 times, 250 ms apart, and the stream ends asking the browser to wait 2.5 s', async () => {
    const started = Date.now();
    const lines = await readStream(socketEventStream('not-a-token', new AbortController().signal, () => undefined));
    expect(lines[0]?.line).toBe('retry: 2500');
    const refusals = lines.filter(({ line }) => line === 'event: down');
    expect(refusals).toHaveLength(10);
    expect(lines.some(({ line }) => line === 'event: ready')).toBe(false);
    // Never closer than 250 ms apart (a loaded machine may stretch the gaps, never shrink them).
    for (let index = 1; index < refusals.length; index += 1) expect(refusals[index]!.at - refusals[index - 1]!.at).toBeGreaterThanOrEqual(240);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9 * 250);
  });

  it('an api that cannot be reached is tried 10 times, and the stream ends', async () => {
    const stopped = await startApi();
    await stopped.stop();
    // The same stream code, pointed at an address where nothing listens any more.
    const { config } = await import('../../web/app/config.server');
    const previous = config.apiUrl;
    Object.assign(config, { apiUrl: stopped.host });
    try {
      const lines = await readStream(socketEventStream('any-token', new AbortController().signal, () => undefined));
      expect(lines.filter(({ line }) => line === 'event: down')).toHaveLength(10);
      expect(lines.some(({ line }) => line === 'event: ready')).toBe(false);
    } finally {
      Object.assign(config, { apiUrl: previous });
    }
  });
});
