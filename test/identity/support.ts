import { randomBytes } from 'node:crypto';
import { EnduserSession, Session } from '@tellescope/sdk';
import { fixturePasswordHash } from '../support/fixture-password';
import { startApi } from '../support/api-server';
import type { Tenant } from '../support/tenant';

/** The api in-process with extra environment (SMTP_URL at the suite's own SMTP server ...). */
export const startIdentityApi = (extraEnv: Record<string, string> = {}) =>
  startApi({ env: { PORTAL_URL: 'http://portal.example.test', ...extraEnv } });

export type IdentityApi = Awaited<ReturnType<typeof startIdentityApi>>;

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
export const STRONG_PASSWORD = 'Correct-horse-9';

/**
 * A staff member made by the tenant's Admin through the reference client, then given a password
 * (the one fixture step that writes the database directly: staff passwords otherwise arrive by
 * invitation or reset mail), and signed in.
 */
export const createStaff = async (
  api: { host: string; dataSource: IdentityApi['dataSource'] },
  admin: Session,
  options: { roles?: string[]; password?: string } = {},
) => {
  const email = uniqueEmail('staff');
  const password = options.password ?? STRONG_PASSWORD;
  const user = await admin.api.users.createOne({ email, fname: 'Staff', roles: options.roles ?? ['Non-Admin'] } as never);
  await api.dataSource.getRepository('users').update({ _id: user.id }, { hashedPassword: await fixturePasswordHash(password) });
  const session = new Session({ host: api.host });
  await session.authenticate(email, password);
  return { user, email, password, session };
};

/** An enduser made by the Admin, given a password with set_password, and signed in through EnduserSession. */
export const createEnduser = async (host: string, admin: Session, tenant: Tenant, fields: Record<string, unknown> = {}) => {
  const email = uniqueEmail('patient');
  const password = STRONG_PASSWORD;
  const enduser = await admin.api.endusers.createOne({ email, fname: 'Pat', ...fields } as never);
  await admin.api.endusers.set_password({ id: enduser.id, password });
  const session = new EnduserSession({ host, businessId: tenant.businessId });
  await session.authenticate(email, password);
  return { enduser, email, password, session };
};

/** Calls the api with a raw Authorization header (for tokens a client no longer holds). */
export const callWith = async (host: string, authorization: string, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${host}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: authorization, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain-text bodies ('Unauthenticated')
  }
  return { status: response.status, body };
};

/** Whom a session token names (its `sub` and `type` claims), for checks that a token signs in as the right account. */
export const tokenClaims = (authToken: string) => JSON.parse(Buffer.from(authToken.split('.')[1], 'base64url').toString()) as { sub: string; type: string };
