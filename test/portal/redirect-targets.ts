/**
 * Redirect targets a visitor can hand the portal (issue 29), shared by the helper's unit test and the
 * routes' HTTP test: each is the decoded value the route reads (a query parameter or form field).
 * None may send a browser off the portal.
 */
export const HOSTILE_TARGETS = [
  // Control characters: browsers drop tab and newline from a URL, so `/<tab>/evil.example` is `//evil.example`.
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  '/\r\n/evil.example/x',
  '/\0/evil.example/x',
  '\t//evil.example/x',
  // The same characters still percent-encoded once more (they stay a path on the portal).
  '/%09/evil.example/x',
  '/%0a/evil.example/x',
  '/%00/evil.example/x',
  // Backslashes, which browsers read as slashes.
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  // Protocol-relative, and a path that normalises to one.
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  // Absolute URLs and other schemes.
  'https://evil.example',
  'http://evil.example/home',
  'javascript:alert(1)',
  'data:text/html,hi',
];

/** Whether a Location header keeps the browser on `portalUrl`'s origin, as a browser would resolve it. */
export const staysOn = (location: string, portalUrl: string) =>
  !/[\u0000-\u001f\\]/.test(location) && location.startsWith('/') && !location.startsWith('//') && new URL(location, portalUrl).origin === new URL(portalUrl).origin;
