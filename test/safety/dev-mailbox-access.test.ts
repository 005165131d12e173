import { Session } from '@tellescope/sdk';
import { ConfigError } from '@carelane/db';
import { loadApiConfig } from '@carelane/api';
import { startApi } from '../support/api-server';
import { createEnduser, createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';
import { adminSession, createTenant } from '../support/tenant';
import { subOrganizationAdmin } from './support';

const NO_SESSION = { message: "The development mailbox needs a root Admin's session" };
const REFUSED = { message: 'The development mailbox is open to root Admins only' };
type Kept = { id: string; to: string; text: string; subject: string | null };

const read = async (host: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${host}${path}`, { headers });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: (type.includes('json') ? await response.json() : await response.text()) as Kept[] | { message: string } | string };
};
const bearer = (authToken: string) => ({ Authorization: `Bearer ${authToken}` });

const waitForMail = async (host: string, to: string, reader: string) => {
  for (let i = 0; i < 50; i++) {
    const { body } = await read(host, `/dev/mailbox?format=json&to=${encodeURIComponent(to)}`, bearer(reader));
    if (Array.isArray(body) && body.length) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to}`);
};

/**
 * Issue 29 (High): the development mailbox answered a sub-organization's Admin (and, from this
 * machine, anyone without a credential) with every message of the business, root Admins' reset
 * links included, so reading one and resetting that password made the reader a root Admin. It now
 * serves root Admins only, each its own business's mail, and only when DEV_MAILBOX=true.
 */
describe('the development mailbox', () => {
  const suite = useTenantSuite();

  test("a sub-organization's Admin, other staff, a patient and a request without a session read nothing", async () => {
    const { api, admin, tenant } = suite;
    const patient = await admin.api.endusers.createOne({ fname: 'Pat', phone: '+14155550199' } as never);
    await admin.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your code is 123456' } as never);
    await expect(new Session({ host: api.host }).api.users.request_password_reset({ email: tenant.adminEmail } as never)).resolves.toEqual({});
    const [resetMail] = await waitForMail(api.host, tenant.adminEmail, admin.authToken);
    expect(resetMail.subject).toBe('Reset your password');

    const branchAdmin = await subOrganizationAdmin(api, admin);
    const staff = await createStaff(api, admin);
    const enduser = await createEnduser(api.host, admin, tenant);
    for (const [headers, refusal] of [
      [{}, NO_SESSION],
      [{ Authorization: 'Bearer ' }, NO_SESSION],
      [bearer(branchAdmin.session.authToken), REFUSED],
      [bearer(staff.session.authToken), REFUSED],
      [bearer(enduser.session.authToken), REFUSED],
    ] as const) {
      const status = refusal === NO_SESSION ? 401 : 403;
      for (const path of ['/dev/mailbox', '/dev/mailbox?format=json', `/dev/mailbox?format=json&to=${encodeURIComponent(tenant.adminEmail)}`, `/dev/mailbox/${resetMail.id}`]) {
        const answer = await read(api.host, path, headers);
        expect(answer).toEqual({ status, body: refusal });
      }
    }
  });

  test("a root Admin reads every message of its business, a sub-organization's included, and no other business's", async () => {
    const { api, admin, tenant } = suite;
    const branchAdmin = await subOrganizationAdmin(api, admin);
    await new Session({ host: api.host }).api.users.request_password_reset({ email: branchAdmin.email } as never);
    const [branchMail] = await waitForMail(api.host, branchAdmin.email, admin.authToken);
    expect(branchMail.to).toBe(branchAdmin.email);
    const patient = await admin.api.endusers.createOne({ fname: 'Pam', phone: '+14155550198' } as never);
    await admin.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your code is 654321' } as never);

    const all = await read(api.host, '/dev/mailbox?format=json', bearer(admin.authToken));
    expect(all.status).toBe(200);
    expect((all.body as Kept[]).map((m) => m.text)).toContain('Your code is 654321');
    expect((all.body as Kept[]).map((m) => m.id)).toContain(branchMail.id);
    // Behind a proxy too: the session decides, not where the request came from.
    expect((await read(api.host, `/dev/mailbox/${branchMail.id}`, { ...bearer(admin.authToken), 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);

    const elsewhere = await adminSession(api.host, await createTenant(api.dataSource));
    const other = await read(api.host, '/dev/mailbox?format=json', bearer(elsewhere.authToken));
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).not.toContain('654321');
    expect(JSON.stringify(other.body)).not.toContain(branchAdmin.email);
    expect(await read(api.host, `/dev/mailbox?format=json&to=${encodeURIComponent(branchAdmin.email)}`, bearer(elsewhere.authToken))).toEqual({ status: 200, body: [] });
    expect((await read(api.host, `/dev/mailbox/${branchMail.id}`, bearer(elsewhere.authToken))).status).toBe(404);
  });
});

describe('the development mailbox is off unless DEV_MAILBOX=true, and refused in production', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://127.0.0.1:5432/carelane' };

  test('the configuration: off by default, on when asked, a start error in production', () => {
    expect(loadApiConfig(base).devMailbox).toBe(false);
    expect(loadApiConfig({ ...base, NODE_ENV: 'development' }).devMailbox).toBe(false);
    expect(loadApiConfig({ ...base, DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadApiConfig({ ...base, NODE_ENV: 'production', DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(() => loadApiConfig({ ...base, NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(
      new ConfigError('DEV_MAILBOX is for development and tests; it cannot be set in production'),
    );
    expect(() => loadApiConfig({ ...base, DEV_MAILBOX: 'yes' })).toThrow(ConfigError);
  });

  test('without it the api has no /dev/mailbox, even for a root Admin', async () => {
    const api = await startApi({ env: { DEV_MAILBOX: 'false' } });
    try {
      const admin = await adminSession(api.host, await createTenant(api.dataSource));
      const answer = await read(api.host, '/dev/mailbox?format=json', bearer(admin.authToken));
      expect(answer.status).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
