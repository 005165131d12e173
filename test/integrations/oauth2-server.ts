import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
};

/**
 * A local OAuth2 authorization server's token endpoint: it knows one client, issues a code on
 * "consent" (issueCode), exchanges it once for tokens bound to the redirect URI it was issued for,
 * and refreshes with the refresh token (RFC 6749 §4.1.3, §6).
 */
export const startAuthorizationServer = async (client: { id: string; secret: string }) => {
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const issued: string[] = [];
  let counter = 0;
  const server = createServer(async (req, res) => {
    const form = await readForm(req);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || req.url !== '/token') return answer(404, { error: 'not_found' });
    if (form.client_id !== client.id || form.client_secret !== client.secret) return answer(401, { error: 'invalid_client' });
    counter += 1;
    const access = `access-token-${counter}-${'x'.repeat(180)}`;
    if (form.grant_type === 'authorization_code') {
      const redirect = codes.get(form.code);
      if (!redirect || redirect !== form.redirect_uri) return answer(400, { error: 'invalid_grant' });
      codes.delete(form.code);
      const refresh = `refresh-token-${counter}`;
      refreshTokens.add(refresh);
      issued.push(access, refresh);
      return answer(200, { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer', scope: 'mail calendar' });
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
    /** The user consents on the provider's page: a code for this redirect URI. */
    issueCode: (redirectUri: string) => {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, redirectUri);
      return code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
