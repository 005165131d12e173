import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { LoaderFunctionArgs } from '@remix-run/node';

/**
 * The Zoom Meeting SDK's browser files (its client view, the React/Redux builds it runs on, its
 * WebAssembly media libraries, images and translations), served from the installed @zoom/meetingsdk
 * package rather than Zoom's CDN: the page's scripts stay same-origin ('self' in the CSP) and the
 * version is the one in package-lock. `zoom-meeting.min.js` names the package's versioned main file.
 */
const DIST = join(dirname(createRequire(import.meta.url).resolve('@zoom/meetingsdk/package.json')), 'dist');
const MAIN = readdirSync(DIST).find((name) => /^zoom-meeting-[\d.]+\.min\.js$/.test(name));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const notFound = () => new Response('Not found', { status: 404 });

export const loader = async ({ params }: LoaderFunctionArgs) => {
  const requested = params['*'] ?? '';
  const relative = requested === 'zoom-meeting.min.js' && MAIN ? MAIN : requested;
  const path = normalize(join(DIST, relative));
  // Only files inside the package's dist folder.
  if (!path.startsWith(DIST + sep)) return notFound();
  const type = TYPES[extname(path).toLowerCase()];
  if (!type) return notFound();
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return notFound();
    size = stat.size;
  } catch {
    return notFound();
  }
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: { 'Content-Type': type, 'Content-Length': String(size), 'Cache-Control': 'public, max-age=86400', 'Cross-Origin-Resource-Policy': 'same-origin' },
  });
};
