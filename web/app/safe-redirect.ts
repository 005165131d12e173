/**
 * Where a redirect may send the browser: the target read as the browser will read it (the URL
 * standard, `new URL(target, portalOrigin)`, which drops tabs and newlines and takes a backslash for
 * a slash), kept only when it lands on the portal's own origin, and answered as its path, query and
 * fragment alone. Undefined for anything else. Checking the raw text instead let `/\t/evil.example`
 * through, which a browser follows to another site (docs/decisions.md, "Portal redirects stay on
 * the portal's origin").
 */
export const sameOriginPath = (target: unknown, portalOrigin: string): string | undefined => {
  if (typeof target !== 'string' || target === '') return undefined;
  let base: URL;
  let parsed: URL;
  try {
    base = new URL(portalOrigin);
    parsed = new URL(target, base.origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== base.origin) return undefined;
  // `/.//evil.example` parses to the path `//evil.example`, which as a Location is another host again.
  if (parsed.pathname.startsWith('//')) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};
