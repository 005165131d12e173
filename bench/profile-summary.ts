/**
 * bench/profile-summary: where a server's CPU went, from a V8 .cpuprofile (bench:portal's
 * BENCH_PROFILE, bench:scale's BENCH_SCALE_PROFILE): busy time by package and by function (self
 * time), and by what a portal page is made of (route matching, React render, emotion's styles,
 * texts, gzip, GC...), per request when told how many the profile served.
 *
 * Run: node --import tsx bench/profile-summary.ts <file.cpuprofile> [requests]
 *      Samples before the first request handler's (the server starting: module loading) are left out.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A portal request's parts, each the outermost frame on the stack matching it; the first listed wins. */
const PARTS: [string, RegExp][] = [
  ['route matching', /^(matchRoutes|getPartialManifest) /],
  ["emotion's style serialization", /^serializeStyles @emotion/],
  ['texts (rosetta)', / (rosetta|templite|dlv)$/],
  ['gzip (compression)', /^processChunk node:zlib/],
  ['request log (morgan)', / morgan$/],
  ['loader data (turbo-stream)', / turbo-stream$/],
  ['api calls (undici)', / undici$/],
  ['React render (components, Joy UI)', / react-dom$/],
  ['Remix server runtime', / @remix-run\/server-runtime$/],
  ['express', / (express|@remix-run\/express|compression)$/],
  ['garbage collection', /^\(garbage collector\)/],
];

const packageOf = (url: string) => {
  if (!url) return '(native)';
  // The portal's server build (its own code and Joy UI, bundled) sits under web/node_modules/.cache in a bench's build.
  if (url.includes('/server/assets/server-build')) return 'server build (app, Joy UI)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (inModules) return inModules[inModules.length - 1].replace('node_modules/', '');
  return url.startsWith('node:') ? url.split('/')[0] : url.split('/').slice(-2).join('/');
};

const top = (totals: Map<string, number>, count: number, requests: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000).toFixed(0).padStart(8)} ms ${(us / 1000 / requests).toFixed(2).padStart(7)} ms/request  ${name}`)
    .join('\n');

const summarise = (profile: Profile, requests: number) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${packageOf(node.callFrame.url)}`;
  const parts = new Map<number, string | undefined>();
  const partOf = (id: number): string | undefined => {
    if (parts.has(id)) return parts.get(id);
    const above = parent.has(id) ? partOf(parent.get(id)!) : undefined;
    const own = PARTS.findIndex(([, pattern]) => pattern.test(keyOf(byId.get(id)!)));
    const part = own >= 0 && (above === undefined || own < PARTS.findIndex(([name]) => name === above)) ? PARTS[own][0] : above;
    parts.set(id, part);
    return part;
  };
  // A request's first frame: Remix's request handler (the portal), or Express's router (the api).
  const isHandler = (node: ProfileNode) => node.callFrame.functionName === 'requestHandler' || (node.callFrame.functionName === 'handle' && /node_modules\/express\//.test(node.callFrame.url));
  const handlers = new Set(profile.nodes.filter(isHandler).map((node) => node.id));
  const underHandler = (id: number): boolean => handlers.has(id) || (parent.has(id) && underHandler(parent.get(id)!));
  const byPart = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let started = false;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    started ||= underHandler(id);
    if (!started || node.callFrame.functionName === '(idle)') return;
    const us = profile.timeDeltas[i] ?? 0;
    busy += us;
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + us);
    add(byPart, partOf(id) ?? `other: ${packageOf(node.callFrame.url) || node.callFrame.functionName}`);
    add(byPackage, packageOf(node.callFrame.url) === '(native)' ? node.callFrame.functionName : packageOf(node.callFrame.url));
    add(byFunction, `${keyOf(node)}:${node.callFrame.lineNumber + 1}`);
  });
  return [
    `busy ${(busy / 1000).toFixed(0)} ms after the first request, ${(busy / 1000 / requests).toFixed(2)} ms a request (${requests})`,
    '--- by part of a page', top(byPart, 15, requests),
    '--- by package (self time)', top(byPackage, 20, requests),
    '--- by function (self time)', top(byFunction, 30, requests),
  ].join('\n');
};

const [file, requests] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [requests]');
  process.exit(1);
}
console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(requests ?? 1)));
