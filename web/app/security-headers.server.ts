import { randomBytes } from 'node:crypto';

/** A year, with subdomains, as for the api. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The only page any site may frame: the public booking widget, made for clinics' own sites (docs/decisions.md, "Framing"). */
const EMBEDDABLE_ROUTE_IDS = new Set(['routes/_public+/appointment-booking-page']);

/** A fresh value per document: a nonce an attacker can predict is no nonce. */
export const newNonce = () => randomBytes(16).toString('base64');

export const isEmbeddable = (routeIds: readonly string[]) => routeIds.some((id) => EMBEDDABLE_ROUTE_IDS.has(id));

/** Pages that run WebAssembly and workers: the video call, whose Zoom client (@zoom/meetingsdk) decodes media in wasm workers. */
const WEB_ASSEMBLY_ROUTE_IDS = new Set(['routes/_public+/video-call']);
export const runsWebAssembly = (routeIds: readonly string[]) => routeIds.some((id) => WEB_ASSEMBLY_ROUTE_IDS.has(id));

/**
 * Security headers on the portal's documents and data answers (issue 21).
 *
 * The CSP restricts scripts only: Remix inlines its hydration scripts, which carry the request's
 * nonce, so no 'unsafe-inline' for scripts. Styles stay inline-able because emotion (Joy UI) writes
 * <style> tags and style attributes; connections, images and media are left open because the portal
 * talks to the api, shows organization logos and runs video calls on other origins.
 *
 * Framing: the booking widget may be framed by any site, every other page only by the portal itself
 * (frame-ancestors, plus X-Frame-Options for browsers that ignore CSP).
 *
 * HSTS only when TRUST_PROXY=true (TLS ends at the proxy in front of us), as on the api.
 */
export const setSecurityHeaders = (headers: Headers, options: { nonce?: string; embeddable: boolean; webAssembly?: boolean; env?: Record<string, string | undefined> }) => {
  const env = options.env ?? process.env;
  // 'wasm-unsafe-eval' allows compiling WebAssembly only (not eval of strings), and only where a page needs it.
  const scripts = `${options.nonce ? `'self' 'nonce-${options.nonce}'` : "'self'"}${options.webAssembly ? " 'wasm-unsafe-eval'" : ''}`;
  const policy = [
    `script-src ${scripts}`,
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${options.embeddable ? '*' : "'self'"}`,
    // The Zoom client starts its media workers from blob: URLs it makes from its own (same-origin) files.
    ...(options.webAssembly ? ["worker-src 'self' blob:"] : []),
  ];
  headers.set('Content-Security-Policy', policy.join('; '));
  if (options.embeddable) headers.delete('X-Frame-Options');
  else headers.set('X-Frame-Options', 'SAMEORIGIN');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (env.TRUST_PROXY?.trim() === 'true') headers.set('Strict-Transport-Security', HSTS);
};
