import type { DataSource } from 'typeorm';
import { newId } from './ids';
import { hashSecret } from './passwords';
import { email as validEmail } from './validation/validators';

export interface BootstrapOptions {
  organizationName: string;
  subdomain: string;
  adminEmail: string;
  adminPassword: string;
}

/**
 * First start: the default organization and its Admin user. Later starts find the organization
 * and leave every record, the admin's password included, as it is.
 */
export const ensureDefaultOrganization = async (dataSource: DataSource, options: BootstrapOptions) => {
  return dataSource.transaction(async (manager) => {
    const organizations = manager.getRepository('organizations');
    const existing = await organizations.findOne({ where: { subdomain: options.subdomain } });
    if (existing) return { businessId: existing.businessId as string, created: false };

    const businessId = newId();
    const adminId = newId();
    await organizations.insert({
      _id: businessId,
      businessId,
      organizationIds: [],
      sharedWithOrganizations: [],
      creator: adminId,
      name: options.organizationName,
      subdomain: options.subdomain,
      owner: adminId,
      themeColor: '#1564bf',
      themeColorSecondary: '#1c4378',
      roles: ['Admin'],
    });
    await manager.getRepository('users').insert({
      _id: adminId,
      businessId,
      organizationIds: [],
      sharedWithOrganizations: [],
      creator: adminId,
      email: validEmail(options.adminEmail),
      fname: 'Admin',
      roles: ['Admin'],
      verifiedEmail: true,
      sessionVersion: 0,
      hashedPassword: await hashSecret(options.adminPassword),
    });
    return { businessId, created: true };
  });
};
