import type { PortalConfig } from './config.server';

/** How a request's host names an organization (docs/contract/portal.md#branding). */
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
