import { staffAbilities } from '../permissions.server';
import { staffForbidden } from '../shell/refuse.server';
import { requireStaff } from '../session.server';

/**
 * For the settings pages: a signed-in Admin, else the app's own 403 page in words (the navigation
 * hides Settings from others; the api still decides every call).
 */
export const requireSettingsAdmin = async (request: Request, what: string) => {
  const staff = await requireStaff(request);
  const abilities = await staffAbilities(staff.authToken, staff.user);
  if (!abilities.admin) throw staffForbidden(what);
  return staff;
};
