import type { Services } from '../actions/action';

/** The organization an incoming text was sent to, and the path the system acts from within it. */
export interface NumberOwner {
  businessId: string;
  organizationId: string;
  /** The organization's place in the tree ([] for a root organization): what engine.system takes. */
  path: string[];
  name: string;
  settings: Record<string, any>;
}

type OrganizationRow = { _id: string; businessId: string; name: string; organizationIds: string[] | null; settings: Record<string, any> | null };

const ownerOf = (row: OrganizationRow): NumberOwner => ({
  businessId: row.businessId,
  organizationId: row._id,
  path: row._id === row.businessId ? [] : [...(row.organizationIds ?? []), row._id],
  name: row.name,
  settings: row.settings ?? {},
});

/**
 * Which organization owns a receiving number: the one whose settings.sms.phoneNumbers lists it (or
 * settings.sms.phoneNumber is it). Numbers are unique to one organization, so this read crosses
 * tenants only to find it; everything after is scoped to that business. A number no organization
 * lists but that is TWILIO_FROM belongs to the only organization of a single-clinic deployment
 * (`npm start`'s demo clinic) and to no one when there are several (docs/decisions.md, issue 33).
 */
export const ownerOfNumber = async (services: Services, number: string): Promise<NumberOwner | undefined> => {
  // raw SQL: finding the business that owns a phone number, across tenants, before anything is scoped.
  const claimed = (await services.dataSource.query(
    `SELECT _id, "businessId", name, "organizationIds", settings FROM organizations
     WHERE settings->'sms'->'phoneNumbers' ? $1 OR settings->'sms'->>'phoneNumber' = $1 ORDER BY _id LIMIT 2`,
    [number],
  )) as OrganizationRow[];
  if (claimed.length === 1) return ownerOf(claimed[0]);
  if (claimed.length > 1) return undefined;
  if (number !== services.config.inbound.twilioFrom) return undefined;
  // raw SQL: whether this deployment has exactly one organization.
  const all = (await services.dataSource.query(`SELECT _id, "businessId", name, "organizationIds", settings FROM organizations LIMIT 2`)) as OrganizationRow[];
  return all.length === 1 ? ownerOf(all[0]) : undefined;
};
