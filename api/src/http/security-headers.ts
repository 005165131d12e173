import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A year, with subdomains: the value browsers' preload lists ask for. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every api answer (helmet, issue 21). The api answers JSON; the only HTML it
 * writes is the development mailbox (inline styles, no script), so scripts are refused outright and
 * no page may frame an answer.
 *
 * - HSTS only when TRUST_PROXY is set: that is how a deployment says TLS ends at a proxy in front
 *   of us; a plain-HTTP local api must not pin browsers to HTTPS for 127.0.0.1.
 * - Cross-Origin-Resource-Policy: cross-origin, because the portal (another origin) shows images
 *   and files the api serves.
 */
export const apiSecurityHeaders = (options: { trustProxy: boolean }): RequestHandler =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: options.trustProxy ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });

/**
 * Files kept by the local storage are shown by the portal, also inside its content iframes (a PDF),
 * so they carry no framing or CSP restriction; the other headers still apply.
 */
export const storedFileSecurityHeaders = (options: { trustProxy: boolean }): RequestHandler =>
  helmet({
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: options.trustProxy ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: false,
  });
