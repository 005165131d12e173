import { reportFigure } from '../support/figures';
import { RESOURCES } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { startRecordingProxy } from '../support/recording-proxy';
import { adminSession, createTenant } from '../support/tenant';
import { startAuthorizationServer, zoomOAuth2Env } from '../integrations/oauth2-server';

const CLIENT = { id: 'canary-client', secret: 'canary-client-secret-value' };
/** Every field a definition marks secret, as the JSON key a leak would show. */
const SECRET_KEYS = [...new Set(RESOURCES.flatMap((definition) => Object.entries(definition.fields).filter(([, field]) => field.secret).map(([name]) => name)))];

/**
 * Issue 19 and 21, secrets canary for the OAuth2 calls: a whole connection (auth URL, the provider's
 * callback, reads, refresh, disconnect) made through a recording proxy against a local authorization
 * server; every body the api answered is scanned for each token the provider issued, the client
 * secret, and the secret fields' keys.
 */
describe('secrets canary: OAuth2 connections', () => {
  let provider: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let api: RunningApi;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;

  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT);
    api = await startApi({ env: zoomOAuth2Env(provider.url, CLIENT) });
    proxy = await startRecordingProxy(api.host);
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
    await provider?.stop();
  });

  it('no answer of a connection, refresh or disconnect carries a token or the client secret', async () => {
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(proxy.url, tenant);
    const started = (await admin.api.integrations.generate_oauth2_auth_url({ integration: 'Zoom' })) as { authUrl: string; state: string };
    const redirectUri = new URL(started.authUrl).searchParams.get('redirect_uri')!;
    // The provider sends the browser back to the api (here: through the proxy, so its answer is scanned too).
    const back = await fetch(`${proxy.url}/v1/oauth2-callback?${new URLSearchParams({ code: provider.issueCode(redirectUri), state: started.state })}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = back.headers.get('location') ?? '';
    const [integration] = await admin.api.integrations.getSome({ filter: { title: 'Zoom' } } as never);
    await admin.api.integrations.getOne(integration!.id);
    await admin.api.integrations.refresh_oauth2_session({ title: 'Zoom' });
    await admin.api.integrations.getSome();
    await admin.api.integrations.disconnect_oauth2_integration({ integration: 'Zoom' });

    // Positive control: the provider did issue tokens (access and refresh, then a refreshed access token).
    expect(provider.issued.length).toBeGreaterThanOrEqual(3);
    const secrets = [...provider.issued, CLIENT.secret];
    const hits: string[] = [];
    for (const response of proxy.recorded) {
      for (const name of SECRET_KEYS) if (response.body.includes(`"${name}":`)) hits.push(`${response.method} ${response.path}: key ${name}`);
      for (const value of secrets) if (response.body.includes(value)) hits.push(`${response.method} ${response.path}: a secret (${value.slice(0, 8)}…)`);
    }
    for (const value of secrets) if (location.includes(value)) hits.push(`the callback's redirect: a secret (${value.slice(0, 8)}…)`);
    reportFigure(`secrets canary (OAuth2): ${proxy.recorded.length} bodies scanned for ${secrets.length} issued tokens and secrets, ${hits.length} hits`);
    expect(hits).toEqual([]);
    expect(proxy.recorded.length).toBeGreaterThanOrEqual(7);
  });
});
