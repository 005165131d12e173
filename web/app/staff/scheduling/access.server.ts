import { requireAbility } from '../shell/refuse.server';
import { staffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';

/**
 * What the role may do with one kind of setup record, for the page to offer (the api still decides
 * every call); a role that may not read it gets the app's own 403 page, in words.
 */
export const setupAccess = async (authToken: string, user: StaffUser, resource: string, what: string) => {
  const abilities = await staffAbilities(authToken, user);
  requireAbility(abilities, resource, 'read', what);
  return { canCreate: abilities.can(resource, 'create'), canUpdate: abilities.can(resource, 'update'), canDelete: abilities.can(resource, 'delete'), abilities };
};
