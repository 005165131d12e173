import type { DataSource } from 'typeorm';
import { isId } from '@carelane/db';
import { badRequest } from '../errors';

/**
 * A public call names its business; resolve it to an existing organization before anything else so
 * a made-up businessId gets a clear 400 and never creates records in a tenant that does not exist.
 */
export const resolvePublicBusiness = async (dataSource: DataSource, businessId: unknown) => {
  if (!isId(businessId)) throw badRequest('Error parsing field businessId: Invalid id');
  // raw SQL: a public call has no caller yet: resolving its businessId is what scopes it.
  const organization = await dataSource.getRepository('organizations').findOne({ where: { _id: businessId.toLowerCase() } });
  if (!organization) throw badRequest('Error parsing field businessId: Unknown business');
  return organization.businessId as string;
};
