import { data } from '@remix-run/node';
import { ApiError, callApi } from './api.server';
import { config, type PortalConfig } from './config.server';
import { DEFAULT_THEME_COLOR_SECONDARY, safeColor, safeImageURL, type OrganizationErrorData, type PortalOrganization } from './organization';

/** How a request's host names an organization (002 §1). */
export type OrganizationLookup = { subdomain: string } | { customPortalURL: string };

/** Host names that mean "running locally": they use the configured default subdomain. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * - a local host (localhost, 127.0.0.1, [::1]) → the configured default subdomain;
 * - `<sub>.<PORTAL_DOMAIN>`, with one label before the domain → that subdomain;
 * - the bare PORTAL_DOMAIN or a deeper name under it → no organization;
 * - any other host → a custom portal URL lookup with the host name (no port).
 */
export const lookupForHost = (hostname: string, settings: Pick<PortalConfig, 'portalDomain' | 'defaultSubdomain'>): OrganizationLookup | null => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_HOSTS.has(host)) return { subdomain: settings.defaultSubdomain };
  const domain = settings.portalDomain;
  if (domain && (host === domain || host.endsWith(`.${domain}`))) {
    const subdomain = host.slice(0, -(domain.length + 1));
    return subdomain && !subdomain.includes('.') ? { subdomain } : null;
  }
  return host ? { customPortalURL: host } : null;
};

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
    portalSettings?: { authentication?: { landingLogo?: unknown; landingTitle?: unknown; landingGraphic?: unknown } | null } | null;
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
    landing: {
      logoURL: safeImageURL(authentication.landingLogo),
      title: optionalString(authentication.landingTitle),
      graphicURL: safeImageURL(authentication.landingGraphic),
    },
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
