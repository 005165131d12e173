import { choosePortalLanguage, type PortalLanguage } from '@carelane/automation';
import type { PortalOrganization } from '../organization';
import { sessionLanguage } from '../session.server';

/**
 * The language of this request's portal page: the signed-in patient's own (kept in the session
 * cookie), else the organization's default, else the browser's Accept-Language, else English.
 */
export const requestLanguage = async (request: Request, organization: PortalOrganization): Promise<PortalLanguage> =>
  choosePortalLanguage({
    enduserLanguage: await sessionLanguage(request),
    organizationDefault: organization.defaultLanguage,
    acceptLanguage: request.headers.get('Accept-Language'),
  });
