import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import type { RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';
import { createStaff } from '../identity/support';

/** The analytics call as the reference client makes it (GET, parameters JSON-encoded by axios). */
export const analytics = (session: Session, args: Record<string, unknown>) =>
  session.api.analytics_frames.get_result_for_query(args as never) as Promise<{ count?: number; percentage?: string; values?: Record<string, unknown>[] }>;

export const total = (resource: string, extra: Record<string, unknown> = {}) => ({ resource, info: { method: 'Total', parameters: {} }, ...extra });

/** A fixture step: records get known creation and update times by writing them directly. */
export const setTimes = async (api: RunningApi, table: string, id: string, times: { createdAt?: string; updatedAt?: string }) => {
  const values: Record<string, Date> = {};
  if (times.createdAt) values.createdAt = new Date(times.createdAt);
  if (times.updatedAt) values.updatedAt = new Date(times.updatedAt);
  await api.dataSource.getRepository(table).update({ _id: id }, values);
};

/** A staff member placed in a sub-organization (organizationIds written directly: joining one is the invitation flow's job). */
export const memberOf = async (api: RunningApi, admin: Session, path: string[], roles = ['Admin']) => {
  const member = await createStaff(api, admin, { roles });
  await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: path });
  const session = new Session({ host: api.host });
  await session.authenticate(member.email, member.password);
  return { ...member, session };
};

export const createSubOrganization = async (admin: Session, name: string) => {
  const result = (await admin.api.organizations.create_suborganization({ name, subdomain: `sub-${randomBytes(4).toString('hex')}` })) as unknown as {
    created: { id: string };
  };
  return result.created;
};

/** Values sorted by key (and timestamp), for comparisons that should not depend on tie order. */
export const byKey = (values: Record<string, unknown>[] | undefined) =>
  [...(values ?? [])].sort((a, b) => `${String(a.timestamp ?? '')}|${String(a.key ?? '')}`.localeCompare(`${String(b.timestamp ?? '')}|${String(b.key ?? '')}`));

/** A business of its own and its Admin's session, so each test's counts are exact. */
export const freshTenant = async (api: RunningApi) => {
  const tenant = await createTenant(api.dataSource);
  return { tenant, admin: await adminSession(api.host, tenant) };
};
