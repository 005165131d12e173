import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { withEmotionCache, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './nonce';
import { isEmbeddable, newNonce, runsWebAssembly, setSecurityHeaders } from './security-headers.server';

/**
 * How long loaders' deferred data may stream (the render has its own bound below). The portal defers
 * no data, so this bounds nothing a page waits for; but Remix's single fetch starts a timer of this
 * length for every document and data request and clears it only when the client leaves early, so
 * each answer's data stays in memory this long and a stopping server (SIGTERM) waits for the last
 * one: 5 s by default, 1 s here.
 */
export const streamTimeout = 1_000;

/**
 * How long the render itself may take before React gives up and leaves the rest to the browser. Kept
 * apart from streamTimeout, which bounds streamed data and is short for the reason above: a render
 * starved of CPU under load may take seconds. Cleared as soon as everything has rendered, so its
 * length holds nothing.
 */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Emotion (behind Joy UI) on the server: one emotion cache per request, switched to "extract" mode so
 * that styles are collected instead of written inline next to each element. After the render the
 * collected CSS goes into one <style data-emotion="css …ids"> at the end of <head>. In the browser
 * emotion's default cache finds that tag, registers the ids as already inserted and leaves it where it
 * is (React 18 tolerates extra nodes at the end of <head> when hydrating).
 *
 * `withEmotionCache` gives us the cache emotion creates for the render without depending on
 * @emotion/cache directly.
 */
const EmotionCollector = withEmotionCache<{ children: ReactNode; onCache: (cache: EmotionCache) => void }>((props, cache) => {
  cache.compat = true;
  props.onCache(cache);
  return props.children;
});

const styleTagOf = (cache: EmotionCache | undefined) => {
  if (!cache) return '';
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  if (!ids.length) return '';
  // CSS cannot legitimately contain "</style"; escaping it keeps the tag closed where we say.
  return `<style data-emotion="${cache.key} ${ids.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
};

/**
 * Collects the whole document and sends it on as one chunk, with `insert()` just before its first
 * `</head>`. The render is piped only once everything is ready (onAllReady below), so holding the
 * document back costs no latency; and one chunk instead of React's ~2 KB pieces (some 60 for Home)
 * spares each of them a trip through the web stream Remix answers with, the server's compression
 * and the socket (bench/portal's profile: ~1 ms of every page).
 */
class DocumentWithHead extends Transform {
  private readonly chunks: Buffer[] = [];

  constructor(private readonly insert: () => string) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
  }

  override _flush(callback: TransformCallback) {
    const document = Buffer.concat(this.chunks);
    const at = document.indexOf('</head>');
    if (at === -1) return callback(null, document);
    callback(null, Buffer.concat([document.subarray(0, at), Buffer.from(this.insert()), document.subarray(at)]));
  }
}

/** Loader and action answers fetched by the browser get the same headers (without a nonce: no scripts). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setSecurityHeaders(response.headers, { embeddable: new URL(request.url).pathname.startsWith('/appointment-booking-page') });
  return response;
};

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = newNonce();
  const routeIds = remixContext.staticHandlerContext.matches.map((match) => match.route.id);
  setSecurityHeaders(responseHeaders, { nonce, embeddable: isEmbeddable(routeIds), webAssembly: runsWebAssembly(routeIds) });
  return new Promise<Response>((resolve, reject) => {
    let cache: EmotionCache | undefined;
    // Cleared once everything has rendered (or failed): a pending abort timer kept each render's
    // tree in memory for 6 s after its answer, and kept the process from exiting on SIGTERM until
    // the last one ran out. Unref'd so that it never holds a stopping server on its own.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    let shellRendered = false;
    // All styles must be known before <head> is sent, so the document is sent once everything has
    // rendered (the portal does not defer data, so this costs nothing).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <EmotionCollector onCache={(c) => (cache = c)}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </EmotionCollector>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          const injector = new DocumentWithHead(() => styleTagOf(cache));
          injector.pipe(body);
          pipe(injector);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are logged by Remix.
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, RENDER_TIMEOUT_MS);
    abortTimer.unref();
  });
}
