import jwt from 'jsonwebtoken';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith } from '../identity/support';
import { startAuthorizationServer, zoomOAuth2Env } from './oauth2-server';

const CLIENT = { id: 'carelane-client', secret: 'client-secret-value' };
type AuthServer = Awaited<ReturnType<typeof startAuthorizationServer>>;

describe('OAuth2 integrations against a local authorization server', () => {
  let provider: AuthServer;
  let api: RunningApi;
  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT);
    api = await startApi({ env: zoomOAuth2Env(provider.url, CLIENT) });
  });
  afterAll(async () => {
    await api?.stop();
    await provider?.stop();
  });

  /** Asks the provider directly for a new access token with a refresh token (as the api would). */
  const refreshAtProvider = (refreshToken: string) =>
    fetch(`${provider.url}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT.id, client_secret: CLIENT.secret }) });

  const callback = (query: Record<string, string>) => fetch(`${api.host}/v1/oauth2-callback?${new URLSearchParams(query)}`, { redirect: 'manual' });

  test('connect, refresh and disconnect; tokens are encrypted at rest and never answered', async () => {
    const { tenant, admin } = await freshTenant(api);
    const answers: unknown[] = [];

    const started = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { authUrl: string; state: string };
    answers.push(started);
    const authUrl = new URL(started.authUrl);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${provider.url}/authorize`);
    expect(authUrl.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(authUrl.searchParams.get('response_type')).toBe('code');
    expect(authUrl.searchParams.get('state')).toBe(started.state);
    const redirectUri = authUrl.searchParams.get('redirect_uri')!;
    expect(redirectUri).toBe(`${api.host}/v1/oauth2-callback`);

    // The user consents; the provider sends the browser back with a code.
    const back = await callback({ code: provider.issueCode(redirectUri), state: started.state });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('http://portal.example.test/integrations?connected=Zoom');

    const [integration] = await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never);
    answers.push(integration);
    expect(integration).toMatchObject({ title: 'Zoom', creator: admin.userInfo.id });
    expect((integration as unknown as Record<string, unknown>).authentication).toBeUndefined();
    answers.push(await admin.api.integrations.getOne(integration.id));

    // At rest: encrypted, not the provider's tokens.
    const stored = JSON.stringify(await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [integration.id]));
    expect(stored).toContain('enc1.');
    for (const token of provider.issued) expect(stored).not.toContain(token);

    const refreshed = (await admin.api.integrations.refresh_oauth2_session({ title: 'Zoom' })) as { expiry_date: number };
    answers.push(refreshed);
    expect(refreshed.expiry_date).toBeGreaterThan(Date.now() + 25 * 60 * 1000);
    expect(refreshed.expiry_date).toBeLessThan(Date.now() + 31 * 60 * 1000);
    expect(provider.issued).toHaveLength(3); // access + refresh, then the refreshed access token
    const afterRefresh = JSON.stringify(await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [integration.id]));
    for (const token of provider.issued) expect(afterRefresh).not.toContain(token);

    // No token in any answer.
    const everything = JSON.stringify(answers);
    for (const token of provider.issued) expect(everything).not.toContain(token);

    const refreshToken = provider.issued[1];
    expect((await refreshAtProvider(refreshToken)).status).toBe(200);
    answers.push(await admin.api.integrations.disconnect_oauth2_integration({ integration: 'Zoom' }));
    expect(await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never)).toHaveLength(0);
    // Revoked at the provider: the grant's refresh token no longer works there.
    expect(provider.revoked).toContain(refreshToken);
    expect((await refreshAtProvider(refreshToken)).status).toBe(400);
    const again = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/refresh-oauth2-session', { method: 'POST', body: JSON.stringify({ title: 'Zoom' }) });
    expect(again).toMatchObject({ status: 400, body: { message: 'No Zoom integration is connected' } });
    expect(tenant.businessId).toBeTruthy();
  });

  test('a wrong, forged or expired state is refused and connects nothing', async () => {
    const { admin } = await freshTenant(api);
    const started = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { authUrl: string; state: string };
    const redirectUri = new URL(started.authUrl).searchParams.get('redirect_uri')!;

    const wrong = await callback({ code: provider.issueCode(redirectUri), state: 'not-a-state' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid or expired OAuth2 state' });

    // A state signed with another key (the claims of a real one, re-signed) is refused too.
    const claims = jwt.decode(started.state) as Record<string, unknown>;
    const forged = jwt.sign({ ...claims, businessId: '000000000000000000000001' }, 'guessed-secret');
    expect((await callback({ code: provider.issueCode(redirectUri), state: forged })).status).toBe(400);

    // Expired: the same claims, signed correctly but past their expiry (signed as the api does, with its derived key).
    const { deriveSecret } = await import('../../api/src/auth/derive-secret');
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 700 }, deriveSecret(api.config.jwtSecret, 'oauth2-state'));
    const late = await callback({ code: provider.issueCode(redirectUri), state: expired });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: 'Invalid or expired OAuth2 state' });
    expect(await admin.api.integrations.getSome()).toHaveLength(0);

    // A code the provider does not know is refused by it, and the call says so.
    const unknown = await callback({ code: 'made-up', state: started.state });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: 'The authorization server refused the request' });
    expect(await admin.api.integrations.getSome()).toHaveLength(0);
  });

  test('a state works once: a replayed callback is refused, even with a fresh code', async () => {
    const { admin } = await freshTenant(api);
    const started = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { authUrl: string; state: string };
    const redirectUri = new URL(started.authUrl).searchParams.get('redirect_uri')!;
    expect((await callback({ code: provider.issueCode(redirectUri), state: started.state })).status).toBe(302);
    const [connected] = await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never);
    const before = await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [connected.id]);
    const issuedBefore = provider.issued.length;

    const replay = await callback({ code: provider.issueCode(redirectUri), state: started.state });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: 'Invalid or expired OAuth2 state' });
    // Refused before the code exchange: no new tokens, the stored ones unchanged.
    expect(provider.issued).toHaveLength(issuedBefore);
    expect(await api.dataSource.query('SELECT authentication FROM integrations WHERE _id = $1', [connected.id])).toEqual(before);

    // Two callbacks racing with one state: one connects, the other is refused.
    const raced = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { state: string };
    const statuses = await Promise.all([1, 2].map(() => callback({ code: provider.issueCode(redirectUri), state: raced.state }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([302, 400]);
  });

  test('a provider that does not confirm the revocation: disconnected here, staff told to revoke there', async () => {
    const { admin } = await freshTenant(api);
    const started = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { authUrl: string; state: string };
    const redirectUri = new URL(started.authUrl).searchParams.get('redirect_uri')!;
    expect((await callback({ code: provider.issueCode(redirectUri), state: started.state })).status).toBe(302);
    provider.setRevocationStatus(503);
    try {
      await admin.api.integrations.disconnect_oauth2_integration({ integration: 'Zoom' });
    } finally {
      provider.setRevocationStatus(200);
    }
    expect(await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never)).toHaveLength(0);
    const errors = await admin.api.background_errors.getSome();
    expect(errors.map((e) => e.title)).toContain('Zoom access could not be revoked');
  });

  test('a provider without settings names what is missing', async () => {
    const { admin } = await freshTenant(api);
    const answer = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/generate-square-auth-url', { method: 'POST', body: '{}' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Square OAuth2 is not configured: set OAUTH2_SQUARE_CLIENT_ID, OAUTH2_SQUARE_CLIENT_SECRET' } });
    const unknownTitle = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/generate-oauth2-auth-url', { method: 'POST', body: JSON.stringify({ integration: 'Nope' }) });
    expect(unknownTitle.status).toBe(400);
  });
});
