import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { createStaff } from '../identity/support';
import type { RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

/** The ids and API keys the reference suite hard-codes, each mapped to the fixture's own below. */
export const HARD_CODED = {
  userId: "'60398b0231a295e64f084fd9'",
  businessId: "'60398b1131a295e64f084ff6'",
  subOrganizationId: '"636d3c230067fc6b4c92c59c"',
  localApiKey: "'3n5q0SCBT_iUvZz-b9BJtX7o7HQUVJ9v132PgHJNJsg.'",
  otherBusinessApiKey: '"ba745e25162bb95a795c5fa1af70df188d93c4d3aac9c48b34a5c8c9dd7b80f7"',
  mfaApiKey: '"9d4f9dff00f60df2690a16da2cb848f289b447614ad9bef850e54af09a1fbf7a"',
  mfaApiKeyUserId: "'6525a43e1e75f0350d62afc4'",
} as const;

type Organization = { id: string };

/**
 * One fresh business for one reference function, made through the api as an integrator would:
 * its Admin (TEST_EMAIL, the owner), a non-admin, staff for the MFA and TEST_EMAIL_2 variables, a
 * sub-organization with a sibling and a child, an Admin in each (they sign in with TEST_PASSWORD, as
 * the suite expects), API keys, and a second business for the "other business" key. Staff passwords
 * and sub-organization membership are the two steps written to the database directly (passwords
 * otherwise arrive by mail; joining a sub-organization is the invitation flow's job), as in the
 * identity suites.
 */
export const createReferenceFixtures = async (api: RunningApi) => {
  const tenant = await createTenant(api.dataSource);
  const admin = await adminSession(api.host, tenant);
  const password = tenant.adminPassword;
  const nonAdmin = await createStaff(api, admin, { roles: ['Non-Admin'], password: 'Non-Admin-pass-9' });
  const second = await createStaff(api, admin, { roles: ['Non-Admin'], password: 'Second-pass-9' });
  const mfa = await createStaff(api, admin, { roles: ['Admin'], password });

  const subdomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
  const createSub = async (session: Session, name: string) =>
    ((await session.api.organizations.create_suborganization({ name, subdomain: subdomain('sub') })) as unknown as { created: Organization }).created;
  const memberOf = async (path: string[]) => {
    const member = await createStaff(api, admin, { roles: ['Admin'], password });
    await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: path });
    const session = new Session({ host: api.host });
    await session.authenticate(member.email, password);
    return { ...member, session };
  };
  const sub = await createSub(admin, 'Sub Organization');
  const otherSub = await createSub(admin, 'Other Sub Organization');
  const subUser = await memberOf([sub.id]);
  const otherSubUser = await memberOf([otherSub.id]);
  const subSub = await createSub(subUser.session, 'Sub Sub Organization');
  const subSubUser = await memberOf([sub.id, subSub.id]);

  const apiKey = ((await admin.api.api_keys.createOne({})) as unknown as { key: string }).key;
  const mfaSession = new Session({ host: api.host });
  await mfaSession.authenticate(mfa.email, password);
  const mfaApiKey = ((await mfaSession.api.api_keys.createOne({})) as unknown as { key: string }).key;
  const otherTenant = await createTenant(api.dataSource);
  const otherAdmin = await adminSession(api.host, otherTenant);
  const otherApiKey = ((await otherAdmin.api.api_keys.createOne({})) as unknown as { key: string }).key;

  const quoted = (value: string) => `'${value}'`;
  const replace: Record<string, string> = {
    [HARD_CODED.userId]: quoted(admin.userInfo.id),
    [HARD_CODED.businessId]: quoted(tenant.businessId),
    [HARD_CODED.subOrganizationId]: quoted(sub.id),
    [HARD_CODED.localApiKey]: quoted(apiKey),
    [HARD_CODED.otherBusinessApiKey]: quoted(otherApiKey),
    [HARD_CODED.mfaApiKey]: quoted(mfaApiKey),
    [HARD_CODED.mfaApiKeyUserId]: quoted(mfa.user.id),
  };
  const env: Record<string, string> = {
    TEST_URL: api.host,
    TEST_EMAIL: tenant.adminEmail,
    TEST_PASSWORD: password,
    MFA_EMAIL: mfa.email,
    TEST_EMAIL_2: second.email,
    TEST_PASSWORD_2: second.password,
    NON_ADMIN_EMAIL: nonAdmin.email,
    NON_ADMIN_PASSWORD: nonAdmin.password,
    SUB_EMAIL: subUser.email,
    OTHER_SUB_EMAIL: otherSubUser.email,
    SUB_SUB_EMAIL: subSubUser.email,
    REFERENCE_REPLACE: JSON.stringify(replace),
  };
  return { tenant, env };
};
