import { TIME_ZONE_COOKIE } from './time-zone-cookie';

/**
 * Tells the server the browser's time zone in a cookie, before anything else runs, so server renders
 * from the next navigation on show times on the viewer's clock. An inline script (with the page's CSP
 * nonce): it works before hydration and without the app's scripts.
 */
export function ReportTimeZone({ nonce }: { nonce?: string }) {
  const script = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)};if(z&&document.cookie.indexOf(c+encodeURIComponent(z))<0){document.cookie=c+encodeURIComponent(z)+'; path=/; max-age=31536000; samesite=lax'}}catch(e){}`;
  // The browser hides a nonce from the markup React hydrates against: the difference is expected.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
