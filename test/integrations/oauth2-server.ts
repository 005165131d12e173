import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  // Square's token endpoint takes JSON; the RFC's form encoding otherwise.
  if (req.headers['content-type']?.startsWith('application/json')) return JSON.parse(text || '{}') as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
};

/**
 * A local OAuth2 authorization server's token and revocation endpoints: it knows one client, issues a code on
 * "consent" (issueCode), exchanges it once for tokens bound to the redirect URI it was issued for,
 * refreshes with the refresh token (RFC 6749 §4.1.3, §6) and revokes tokens (RFC 7009).
 */
export const startAuthorizationServer = async (client: { id: string; secret: string }, extraTokenFields: Record<string, string> = {}) => {
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const issued: string[] = [];
  const revoked: string[] = [];
  let revocationStatus = 200;
  let counter = 0;
  /** Content types of the token requests, in order. */
  const contentTypes: string[] = [];
  const server = createServer(async (req, res) => {
    contentTypes.push(String(req.headers['content-type'] ?? ''));
    const form = await readForm(req);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || (req.url !== '/token' && req.url !== '/revoke')) return answer(404, { error: 'not_found' });
    if (form.client_id !== client.id || form.client_secret !== client.secret) return answer(401, { error: 'invalid_client' });
    // RFC 7009: revoking a refresh token ends its grant (it no longer refreshes).
    if (req.url === '/revoke') {
      if (revocationStatus !== 200) return answer(revocationStatus, { error: 'temporarily_unavailable' });
      revoked.push(form.token);
      refreshTokens.delete(form.token);
      return answer(200, {});
    }
    counter += 1;
    const access = `access-token-${counter}-${'x'.repeat(180)}`;
    if (form.grant_type === 'authorization_code') {
      const redirect = codes.get(form.code);
      if (!redirect || redirect !== form.redirect_uri) return answer(400, { error: 'invalid_grant' });
      codes.delete(form.code);
      const refresh = `refresh-token-${counter}`;
      refreshTokens.add(refresh);
      issued.push(access, refresh);
      return answer(200, { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer', scope: 'mail calendar', ...extraTokenFields });
    }
    if (form.grant_type === 'refresh_token') {
      if (!refreshTokens.has(form.refresh_token)) return answer(400, { error: 'invalid_grant' });
      issued.push(access);
      return answer(200, { access_token: access, expires_in: 1800, token_type: 'Bearer' });
    }
    answer(400, { error: 'unsupported_grant_type' });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** Every token handed out, for checking that none reaches an api answer or the database in clear. */
    issued,
    contentTypes,
    /** Tokens revoked at /revoke, in order. */
    revoked,
    /** What /revoke answers from now on (200: revoked). */
    setRevocationStatus: (status: number) => {
      revocationStatus = status;
    },
    /** The user consents on the provider's page: a code for this redirect URI. */
    issueCode: (redirectUri: string) => {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, redirectUri);
      return code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The api's settings for a Zoom OAuth2 integration served by the local authorization server at `providerUrl`. */
export const zoomOAuth2Env = (providerUrl: string, client: { id: string; secret: string }) => ({
  PORTAL_URL: 'http://portal.example.test',
  OAUTH2_ZOOM_CLIENT_ID: client.id,
  OAUTH2_ZOOM_CLIENT_SECRET: client.secret,
  OAUTH2_ZOOM_AUTHORIZE_URL: `${providerUrl}/authorize`,
  OAUTH2_ZOOM_TOKEN_URL: `${providerUrl}/token`,
  OAUTH2_ZOOM_REVOKE_URL: `${providerUrl}/revoke`,
});
