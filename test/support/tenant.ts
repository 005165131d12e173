import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { EnduserSession, Session } from '@tellescope/sdk';
import { ensureDefaultOrganization } from '@carelane/db';
import { fixturePasswordHash } from './fixture-password';

/** A fresh organization with its own Admin, so suites never share data or depend on order. */
export const createTenant = async (dataSource: DataSource, options: { name?: string; subdomain?: string } = {}) => {
  const suffix = randomBytes(4).toString('hex');
  const name = options.name ?? `Clinic ${suffix}`;
  const subdomain = options.subdomain ?? `clinic-${suffix}`;
  const adminEmail = `admin-${suffix}@example.com`;
  const adminPassword = `Admin-${suffix}-pass`;
  const { businessId } = await ensureDefaultOrganization(dataSource, { organizationName: name, subdomain, adminEmail, adminPassword });
  // Every suite signs its admin in, often many times: the same password at the fixtures' low cost.
  await dataSource.getRepository('users').update({ email: adminEmail }, { hashedPassword: await fixturePasswordHash(adminPassword) });
  return { businessId, name, subdomain, adminEmail, adminPassword };
};

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** The reference client, signed in as the tenant's admin. */
export const adminSession = async (host: string, tenant: Tenant) => {
  const session = new Session({ host });
  await session.authenticate(tenant.adminEmail, tenant.adminPassword);
  return session;
};

/** The reference client as an enduser of the tenant who registered with a password and signed in. */
export const registeredEnduserSession = async (host: string, tenant: Tenant, email: string, password = 'Patient-pass-1') => {
  const session = new EnduserSession({ host, businessId: tenant.businessId });
  await session.register({ email, password } as never);
  await session.authenticate(email, password);
  return session;
};
