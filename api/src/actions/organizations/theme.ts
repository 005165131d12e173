import { isId } from '@carelane/db';
import { badRequest, notFound } from '../../errors';
import { defineAction } from '../action';
import { CheckedByHandler, S } from '../input';

const DEFAULT_THEME_COLOR = '#1564bf';
const DEFAULT_THEME_COLOR_SECONDARY = '#1c4378';

/** The public branding of an organization: what the portal needs before anyone signs in. */
export const themeOf = (organization: Record<string, unknown>) => {
  const portalSettings = (organization.portalSettings as Record<string, unknown> | null) ?? {};
  return {
    name: organization.name,
    logoURL: organization.logoURL ?? undefined,
    faviconURL: organization.faviconURL ?? undefined,
    themeColor: organization.themeColor ?? DEFAULT_THEME_COLOR,
    themeColorSecondary: organization.themeColorSecondary ?? DEFAULT_THEME_COLOR_SECONDARY,
    businessId: organization.businessId,
    organizationIds: organization._id === organization.businessId ? [] : [organization._id],
    subdomain: organization.subdomain,
    customPortalURL: organization.customPortalURL ?? undefined,
    // The portal's last resort for a patient's clock (docs/decisions.md, "times on the viewer's clock").
    timezone: organization.timezone ?? undefined,
    // The portal's language for patients who have chosen none (docs/decisions.md, "languages").
    defaultLanguage: organization.defaultLanguage ?? undefined,
    portalSettings,
  };
};

const firstString = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Which organization's theme: one of organizationIds (its first) or businessId, checked by the handler. */
class ThemeInput {
  @CheckedByHandler(S.id)
  businessId?: unknown;

  @CheckedByHandler(S.listOf(S.id))
  organizationIds?: unknown;
}

/** One of subdomain or customPortalURL (the handler says so when neither is given). */
class OrganizationInfoInput {
  @CheckedByHandler({ type: 'string' })
  subdomain?: unknown;

  @CheckedByHandler({ type: 'string' })
  customPortalURL?: unknown;
}

/** GET /organization-theme?businessId=…|organizationIds[]=… */
export const organizationTheme = defineAction({
  method: 'get',
  path: '/organization-theme',
  auth: 'public',
  input: ThemeInput,
  handler: async ({ services }, input) => {
    const organizationId = firstString(input.organizationIds);
    const businessId = input.businessId;
    const id = typeof organizationId === 'string' && organizationId ? organizationId : businessId;
    if (!isId(id)) throw badRequest('Error parsing field businessId: Invalid id');
    // raw SQL: public branding, read before anyone signs in; which business it is, is what this finds out.
    const organization = await services.dataSource.getRepository('organizations').findOne({ where: { _id: id.toLowerCase() } });
    if (!organization || (isId(businessId) && organization.businessId !== businessId.toLowerCase())) throw notFound();
    return { theme: themeOf(organization) };
  },
});

/** GET /organization-info?subdomain=…|customPortalURL=…: how the portal finds whose portal it is. */
export const organizationInfo = defineAction({
  method: 'get',
  path: '/organization-info',
  auth: 'public',
  input: OrganizationInfoInput,
  handler: async ({ services }, input) => {
    // raw SQL: the portal finds whose portal it is by subdomain or custom URL, before any tenant is known.
    const repository = services.dataSource.getRepository('organizations');
    let organization;
    if (typeof input.subdomain === 'string' && input.subdomain) {
      organization = await repository.findOne({ where: { subdomain: input.subdomain.toLowerCase() } });
    } else if (typeof input.customPortalURL === 'string' && input.customPortalURL) {
      organization = await repository.findOne({ where: { customPortalURL: input.customPortalURL } });
    } else {
      throw badRequest('One of subdomain or customPortalURL is required');
    }
    if (!organization) throw notFound();
    return { theme: themeOf(organization) };
  },
});
