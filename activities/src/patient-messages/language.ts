import { In, type EntityManager } from 'typeorm';
import { choosePortalLanguage, portalLanguageOf, type PortalLanguage } from '@carelane/automation';
import { patientTexts } from './translator';

type Row = Record<string, unknown>;

/**
 * The language a patient's messages are written in (issue #38): their own `language.iso6391`, else
 * the `defaultLanguage` of the most specific of their organizations that sets one (their own, then
 * its parents, then the business), else English. No browser speaks here, so no Accept-Language.
 */
export const patientLanguageOf = (enduser: Row | null | undefined, organizationDefault?: unknown): PortalLanguage =>
  choosePortalLanguage({ enduserLanguage: enduser?.language, organizationDefault });

/** The patient's organizations, most specific first, ending with the business itself. */
const organizationChain = (enduser: Row) => {
  const own = Array.isArray(enduser.organizationIds) ? (enduser.organizationIds as unknown[]).filter((id): id is string => typeof id === 'string') : [];
  return [...new Set([...own].reverse().concat(String(enduser.businessId)))];
};

/**
 * patientLanguageOf, reading the organizations' defaults when the patient has chosen no language of
 * their own. `manager` is any manager of the database: the api's, a transaction's, or the worker's.
 */
export const patientLanguageWithin = async (manager: EntityManager, enduser: Row | null | undefined): Promise<PortalLanguage> => {
  if (!enduser) return patientLanguageOf(enduser);
  const own = portalLanguageOf((enduser.language as { iso6391?: unknown } | null | undefined)?.iso6391);
  if (own) return own;
  const chain = organizationChain(enduser);
  // raw SQL: an organization setting that decides for the server (as the portal reads it before anyone signs in), for the patient's own organizations of their own business.
  const rows = (await manager.getRepository('organizations').find({ where: { _id: In(chain), businessId: String(enduser.businessId) }, select: ['_id', 'defaultLanguage'] })) as Row[];
  const byId = new Map(rows.map((row) => [String(row._id), row.defaultLanguage]));
  return patientLanguageOf(enduser, chain.map((id) => byId.get(id)).find((value) => portalLanguageOf(value)));
};

/** The texts to write to this patient with. */
export const patientTextsWithin = async (manager: EntityManager, enduser: Row | null | undefined) => patientTexts(await patientLanguageWithin(manager, enduser));
