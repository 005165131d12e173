import { isTimeZone, portalLanguageOf } from '@carelane/automation';
import { data } from '@remix-run/node';
import { ApiError, callApi } from './api.server';
import { config } from './config.server';
import { lookupForHost, type OrganizationLookup } from './host.server';
import { DEFAULT_THEME_COLOR_SECONDARY, safeColor, safeImageURL, type OrganizationErrorData, type PortalOrganization } from './organization';

const invalidURL = () => data<OrganizationErrorData>({ organizationError: 'invalid' }, { status: 404 });
const loadFailed = (message: string) => data<OrganizationErrorData>({ organizationError: 'failed', message }, { status: 502 });

interface ThemeResponse {
  theme?: {
    name?: unknown;
    logoURL?: unknown;
    faviconURL?: unknown;
    themeColor?: unknown;
    themeColorSecondary?: unknown;
    businessId?: unknown;
    organizationIds?: unknown;
    subdomain?: unknown;
    timezone?: unknown;
    defaultLanguage?: unknown;
    portalSettings?: { authentication?: Record<string, unknown> | null } | null;
  };
}

const optionalString = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

const toOrganization = (response: ThemeResponse): PortalOrganization => {
  const theme = response?.theme;
  const name = optionalString(theme?.name);
  const businessId = optionalString(theme?.businessId);
  if (!theme || !name || !businessId) throw new Error('The organization info is incomplete');
  const authentication = theme.portalSettings?.authentication ?? {};
  return {
    name,
    businessId,
    organizationIds: Array.isArray(theme.organizationIds) ? theme.organizationIds.filter((id): id is string => typeof id === 'string') : [],
    logoURL: safeImageURL(theme.logoURL),
    faviconURL: safeImageURL(theme.faviconURL),
    themeColor: safeColor(theme.themeColor),
    themeColorSecondary: safeColor(theme.themeColorSecondary, DEFAULT_THEME_COLOR_SECONDARY),
    timezone: isTimeZone(theme.timezone) ? theme.timezone : undefined,
    defaultLanguage: portalLanguageOf(theme.defaultLanguage),
    landing: {
      logoURL: safeImageURL(authentication.landingLogo),
      title: optionalString(authentication.landingTitle),
      graphicURL: safeImageURL(authentication.landingGraphic),
    },
    login: { title: optionalString(authentication.loginTitle), description: optionalString(authentication.loginDescription), graphicURL: safeImageURL(authentication.loginGraphic) },
    register: { title: optionalString(authentication.registerTitle), description: optionalString(authentication.registerDescription), graphicURL: safeImageURL(authentication.registerGraphic) },
  };
};

/**
 * Organizations found recently, by lookup. A document request runs the root loader and the route's
 * loader in parallel and both need the organization; a short cache makes that one API call and
 * keeps branding changes visible within seconds. Failures are never cached.
 */
const CACHE_MS = 10_000;
const MAX_CACHED = 1_000;
const recent = new Map<string, { expires: number; organization: Promise<PortalOrganization> }>();

/** Forgets the organizations found, so a branding change saved in the staff app shows on the next page at once. */
export const forgetOrganizations = () => recent.clear();

const fetchOrganization = (lookup: OrganizationLookup): Promise<PortalOrganization> => {
  const key = JSON.stringify(lookup);
  const now = Date.now();
  const cached = recent.get(key);
  if (cached && cached.expires > now) return cached.organization;
  if (recent.size >= MAX_CACHED) recent.clear();
  const organization = callApi<ThemeResponse>('/v1/organization-info', { query: lookup }).then(toOrganization);
  recent.set(key, { expires: now + CACHE_MS, organization });
  organization.catch(() => recent.delete(key));
  return organization;
};

/**
 * The organization whose portal this request is for. Throws a response the error boundary shows as
 * 'This URL is invalid' (404) or as the load-failure message with the error text (502).
 */
export const requireOrganization = async (request: Request): Promise<PortalOrganization> => {
  const lookup = lookupForHost(new URL(request.url).hostname, config);
  if (!lookup) throw invalidURL();
  try {
    return await fetchOrganization(lookup);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw invalidURL();
    console.error('Loading the organization failed', lookup, error);
    throw loadFailed(error instanceof Error ? error.message : String(error));
  }
};
