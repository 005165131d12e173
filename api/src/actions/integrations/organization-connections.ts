import { integrations } from '@carelane/db';
import type { Services } from '../action';

/**
 * Which of a business's connections (OAuth2 integrations, the Stripe account) a call uses. A
 * connection belongs to the organization of the Admin who connected it (its organizationIds, the
 * organization's path; a root Admin's, `[]`, is the business's). docs/decisions.md, "Issue 29:
 * integrations belong to an organization":
 * - `own`: exactly that organization's connection, what its Admins connect, replace and disconnect;
 * - `serving`: the one that serves an organization's checkout and sync, its own, else its nearest
 *   ancestor's, else the root's;
 * - `chain`: every connection on the way from the organization up to the root (what may have served it);
 * - `externalId`: the connection of an outside account (a Square seller named by its webhook).
 */
export type ConnectionChoice = { own: string[] } | { serving: string[] } | { externalId: string };

export type ConnectionRow = Record<string, unknown>;

export const pathOf = (row: ConnectionRow) => (Array.isArray(row.organizationIds) ? (row.organizationIds as string[]) : []);
const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
const externalIdOf = (row: ConnectionRow) => (row.authentication as { info?: { external_id?: unknown } } | undefined)?.info?.external_id;

/** The business's connections of one title, oldest first (one per organization; an organization tree is small). */
const connectionsTitled = (services: Services, businessId: string, title: string) =>
  services.engine.system(businessId).rows(integrations, { filter: { title }, sort: 'oldFirst', limit: 1000 }) as Promise<ConnectionRow[]>;

/** The organization's path and each of its ancestors' up to the root, nearest first. */
export const upToRoot = (organizationIds: readonly string[]) => Array.from({ length: organizationIds.length + 1 }, (_, index) => organizationIds.slice(0, organizationIds.length - index));

/** Every connection of this title from the organization up to the root, nearest first. */
export const chainConnections = async (services: Services, businessId: string, title: string, organizationIds: readonly string[]) => {
  const rows = await connectionsTitled(services, businessId, title);
  return upToRoot(organizationIds).flatMap((path) => rows.filter((row) => samePath(pathOf(row), path)));
};

/** The raw row (secrets included: for the server's own use) the choice names, if any. */
export const chooseConnection = async (services: Services, businessId: string, title: string, choice: ConnectionChoice) => {
  if ('externalId' in choice) return (await connectionsTitled(services, businessId, title)).find((row) => externalIdOf(row) === choice.externalId);
  if ('own' in choice) return (await connectionsTitled(services, businessId, title)).find((row) => samePath(pathOf(row), choice.own));
  return (await chainConnections(services, businessId, title, choice.serving))[0];
};
