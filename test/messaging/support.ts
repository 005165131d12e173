import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { startApi } from '../support/api-server';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

export const PORTAL_URL = 'http://portal.example.test';

/**
 * The real api in this process with the messaging configuration a suite needs: SMTP_URL pointing at
 * the suite's own SMTP server, TWILIO_* at its own receiver, its own task queue for scheduled sends.
 */
export const startMessagingApi = (options: { env?: Record<string, string>; taskQueue?: string } = {}) =>
  startApi({ taskQueue: options.taskQueue, env: { PORTAL_URL, MAIL_FROM: 'Carelane Clinic <care@clinic.example.test>', ...options.env } });

export type MessagingApi = Awaited<ReturnType<typeof startMessagingApi>>;

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** A US mobile number (415, an exchange of 2-9) among 8 million: numbers listed by an organization must not repeat within a run. */
export const uniquePhone = () => `+1415${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

/**
 * Reads /dev/mailbox as JSON (what the embedded channels kept), for one recipient, as `reader`: a root
 * Admin of the business that sent it (the mailbox serves root Admins only, their own business's mail).
 */
export const mailbox = async (host: string, to: string, reader: { authToken: string }) => {
  const response = await fetch(`${host}/dev/mailbox?format=json&to=${encodeURIComponent(to)}`, { headers: { Authorization: `Bearer ${reader.authToken}` } });
  if (!response.ok) throw new Error(`GET /dev/mailbox answered ${response.status}`);
  return (await response.json()) as { id: string; channel: 'email' | 'sms'; to: string; subject: string | null; text: string; html: string | null; messageId: string }[];
};

export const waitUntil = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

export const STRONG_PASSWORD = 'Correct-horse-9';

/** A non-admin staff member: made by the Admin through the client, given a password in the database (staff passwords otherwise arrive by invitation mail), signed in. */
export const createStaffSession = async (api: MessagingApi, admin: import('@tellescope/sdk').Session) => {
  const { Session } = await import('@tellescope/sdk');
  const { fixturePasswordHash } = await import('../support/fixture-password');
  const email = uniqueEmail('staff');
  const user = await admin.api.users.createOne({ email, fname: 'Sky', lname: 'Staff', roles: ['Non-Admin'] } as never);
  await api.dataSource.getRepository('users').update({ _id: user.id }, { hashedPassword: await fixturePasswordHash(STRONG_PASSWORD) });
  const session = new Session({ host: api.host });
  await session.authenticate(email, STRONG_PASSWORD);
  return { user, session };
};

/** An enduser made by the Admin, given a password with set_password, and signed in through the enduser client. */
export const createEnduserSession = async (api: MessagingApi, admin: import('@tellescope/sdk').Session, businessId: string, fields: Record<string, unknown> = {}) => {
  const { EnduserSession } = await import('@tellescope/sdk');
  const email = uniqueEmail('patient');
  const enduser = await admin.api.endusers.createOne({ email, fname: 'Pat', lname: 'Patient', ...fields } as never);
  await admin.api.endusers.set_password({ id: enduser.id, password: STRONG_PASSWORD });
  const session = new EnduserSession({ host: api.host, businessId });
  await session.authenticate(email, STRONG_PASSWORD);
  return { enduser, session };
};

/**
 * The setup the mail suites share: a real SMTP server, the api sending to it, and a fresh organization
 * with its Admin signed in (`sdk`); started before the suite's tests, stopped after them. Filled in
 * by the suite's first beforeAll, so read it inside hooks and tests.
 */
export const useMailingSuite = () => {
  const suite = {} as { smtp: SmtpCapture; api: MessagingApi; tenant: Tenant; sdk: Session };
  beforeAll(async () => {
    suite.smtp = await startSmtpServer();
    suite.api = await startMessagingApi({ env: { SMTP_URL: suite.smtp.url } });
    suite.tenant = await createTenant(suite.api.dataSource);
    suite.sdk = await adminSession(suite.api.host, suite.tenant);
  });
  afterAll(async () => {
    await suite.api?.stop();
    await suite.smtp?.stop();
  });
  return suite;
};
