import { usePortalHarness } from '../support/portal-harness';
import { DESKTOP, openAsAdmin } from '../support/staff-console';

const SESSION_SECONDS = 60;

/** The token inside the signed staff cookie (Remix stores the session as base64 JSON, then its signature). */
const tokenInCookie = (value: string) => {
  const data = JSON.parse(Buffer.from(decodeURIComponent(value).split('.')[0] ?? '', 'base64').toString('utf8')) as { authToken: string };
  return data.authToken;
};
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number; iat: number };

/** Issue 18: the console renews the staff token (the api's refresh-session) before it expires. */
describe('portal: staff session refresh', () => {
  // Tokens of one minute, so the refresh (past half the token's life) comes within the test.
  const harness = usePortalHarness({ apiEnv: { SESSION_SECONDS: String(SESSION_SECONDS) } });

  it('a page opened past half the token life renews it, and the new token outlives the first', async () => {
    const { page, api } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/journeys');
    const cookie = async () => (await page.context().cookies()).find((entry) => entry.name === '__carelane_staff')?.value ?? '';
    const first = tokenInCookie(await cookie());
    const firstClaims = claimsOf(first);
    expect(firstClaims.exp - firstClaims.iat).toBe(SESSION_SECONDS);

    // Before half its life the token is kept as it is.
    await page.reload();
    await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
    if (Date.now() / 1000 < firstClaims.iat + SESSION_SECONDS / 2 - 2) expect(tokenInCookie(await cookie())).toBe(first);

    // Staff keep working: each page load until the renewal shows the console, never the sign-in page.
    const deadline = Date.now() + SESSION_SECONDS * 1000;
    let renewed = first;
    while (renewed === first) {
      if (Date.now() > deadline) throw new Error('the staff token was not renewed before it expired');
      await page.reload();
      await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
      renewed = tokenInCookie(await cookie());
      if (renewed === first) await page.waitForTimeout(2_000);
    }
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(firstClaims.iat + SESSION_SECONDS / 2 - 1);
    expect(claimsOf(renewed).exp).toBeGreaterThan(firstClaims.exp);
    // The api accepts the new token.
    const check = await fetch(`${api.host}/v1/test-authenticated`, { headers: { Authorization: `Bearer ${renewed}` } });
    expect(check.status).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/staff/journeys');
  }, 120_000);
});
