import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Session } from '@tellescope/sdk';
import { fixturePasswordHash } from '../support/fixture-password';
import type { RunningApi } from '../support/api-server';
import { createTenant } from '../support/tenant';

/** The ids and API keys the reference suite hard-codes, each mapped to the fixture's own below. */
export const HARD_CODED = {
  userId: "'60398b0231a295e64f084fd9'",
  businessId: "'60398b1131a295e64f084ff6'",
  subOrganizationId: '"636d3c230067fc6b4c92c59c"',
  localApiKey: "'3n5q0SCBT_iUvZz-b9BJtX7o7HQUVJ9v132PgHJNJsg.'",
  otherBusinessApiKey: '"ba745e25162bb95a795c5fa1af70df188d93c4d3aac9c48b34a5c8c9dd7b80f7"',
  mfaApiKey: '"9d4f9dff00f60df2690a16da2cb848f289b447614ad9bef850e54af09a1fbf7a"',
  mfaApiKeyUserId: "'6525a43e1e75f0350d62afc4'",
  localHost: "'http://localhost:8080'",
  webhookPort: 'var PORT = 3999;',
} as const;

type Organization = { id: string };

/** Enduser passwords the suite hard-codes that our password rule refuses (mapped in REFERENCE_REPLACE). */
const WEAK_ENDUSER_PASSWORDS = ['testpassword', 'testenduserpassword'];

/** A port nothing listens on now, for webhooks_tests.js's receiver (it hard-codes 3999; runs go two at a time). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** One password for every fixture account (the suite signs sub-organization staff in with TEST_PASSWORD). */
const PASSWORD = 'Reference-suite-pass-9';
const NON_ADMIN_PASSWORD = 'Non-Admin-pass-9';
// Hashed once per run, at the fixtures' low cost (support/fixture-password.ts).
let hashes: Promise<{ shared: string; nonAdmin: string }> | undefined;
const passwordHashes = () => (hashes ??= Promise.all([fixturePasswordHash(PASSWORD), fixturePasswordHash(NON_ADMIN_PASSWORD)]).then(([shared, nonAdmin]) => ({ shared, nonAdmin })));

/**
 * One fresh business for one reference function, made through the api as an integrator would:
 * its Admin (TEST_EMAIL, the owner), a non-admin, staff for the MFA and TEST_EMAIL_2 variables, a
 * sub-organization with a sibling and a child, an Admin in each (they sign in with TEST_PASSWORD, as
 * the suite expects) and an API key. Staff passwords and sub-organization membership are the two
 * steps written to the database directly (passwords otherwise arrive by mail; joining a
 * sub-organization is the invitation flow's job), as in the identity suites.
 */
export const createReferenceFixtures = async (api: RunningApi) => {
  const { shared, nonAdmin: nonAdminHash } = await passwordHashes();
  const tenant = await createTenant(api.dataSource);
  const users = api.dataSource.getRepository('users');
  const adminId = ((await api.dataSource.query(`SELECT _id FROM users WHERE "businessId" = $1`, [tenant.businessId])) as { _id: string }[])[0]._id;
  await users.update({ _id: adminId }, { hashedPassword: shared });
  const admin = new Session({ host: api.host });
  await admin.authenticate(tenant.adminEmail, PASSWORD);

  const staff = async (label: string, roles: string[], hashedPassword: string, organizationIds: string[] = []) => {
    const email = `${label}-${randomBytes(5).toString('hex')}@example.com`;
    const user = await admin.api.users.createOne({ email, fname: label, roles } as never);
    await users.update({ _id: user.id }, { hashedPassword, ...(organizationIds.length ? { organizationIds } : {}) });
    return { id: user.id as string, email };
  };
  const nonAdmin = await staff('nonadmin', ['Non-Admin'], nonAdminHash);
  const second = await staff('second', ['Non-Admin'], shared);
  const mfa = await staff('mfa', ['Admin'], shared);

  const subdomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
  const createSub = async (session: Session, name: string) =>
    ((await session.api.organizations.create_suborganization({ name, subdomain: subdomain('sub') })) as unknown as { created: Organization }).created;
  const sub = await createSub(admin, 'Sub Organization');
  const otherSub = await createSub(admin, 'Other Sub Organization');
  const subUser = await staff('sub', ['Admin'], shared, [sub.id]);
  const otherSubUser = await staff('othersub', ['Admin'], shared, [otherSub.id]);
  // A child organization is made by an Admin of its parent.
  const subSession = new Session({ host: api.host });
  await subSession.authenticate(subUser.email, PASSWORD);
  const subSub = await createSub(subSession, 'Sub Sub Organization');
  const subSubUser = await staff('subsub', ['Admin'], shared, [sub.id, subSub.id]);

  const apiKey = ((await admin.api.api_keys.createOne({})) as unknown as { key: string }).key;

  const quoted = (value: string) => `'${value}'`;
  const webhookPort = await freePort();
  // The other-business key (multi_tenant_tests) and the MFA user's key (mfa and lockout tests) belong
  // to functions out of scope: the MFA one is mapped to the Admin's key, the other left as it is.
  const replace: Record<string, string> = {
    [HARD_CODED.userId]: quoted(admin.userInfo.id),
    [HARD_CODED.businessId]: quoted(tenant.businessId),
    [HARD_CODED.subOrganizationId]: quoted(sub.id),
    [HARD_CODED.localApiKey]: quoted(apiKey),
    [HARD_CODED.mfaApiKey]: quoted(apiKey),
    [HARD_CODED.mfaApiKeyUserId]: quoted(mfa.id),
    // webhooks_tests.js makes its sessions on a hard-coded host and listens for deliveries on a
    // hard-coded port: mapped to this api and a free port (the webhook URL it configures follows).
    [HARD_CODED.localHost]: quoted(api.host),
    [HARD_CODED.webhookPort]: `var PORT = ${webhookPort};`,
    // The suite's enduser passwords fail the contract's password rule (docs/contract/validation.md#password: no
    // uppercase letter, digit or symbol): each literal is mapped to the same word with a symbol and digit added. Only the
    // password values change; no assertion reads them.
    ...Object.fromEntries(
      WEAK_ENDUSER_PASSWORDS.flatMap((weak) => [`'${weak}'`, `"${weak}"`].map((literal) => [literal, `${literal[0]}${weak}-9${literal[0]}`])),
    ),
  };
  const env: Record<string, string> = {
    TEST_URL: api.host,
    TEST_EMAIL: tenant.adminEmail,
    TEST_PASSWORD: PASSWORD,
    MFA_EMAIL: mfa.email,
    TEST_EMAIL_2: second.email,
    TEST_PASSWORD_2: PASSWORD,
    NON_ADMIN_EMAIL: nonAdmin.email,
    NON_ADMIN_PASSWORD,
    SUB_EMAIL: subUser.email,
    OTHER_SUB_EMAIL: otherSubUser.email,
    SUB_SUB_EMAIL: subSubUser.email,
    REFERENCE_REPLACE: JSON.stringify(replace),
  };
  return { tenant, env };
};
