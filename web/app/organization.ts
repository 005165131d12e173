import type { PortalLanguage } from '@carelane/automation';
/** The organization's public branding, as the portal's pages use it (server and browser). */
export interface PortalOrganization {
  name: string;
  businessId: string;
  organizationIds: string[];
  logoURL?: string;
  faviconURL?: string;
  themeColor: string;
  themeColorSecondary: string;
  /** The organization's own zone: the clock for a patient whose zone is known nowhere else. */
  timezone?: string;
  /** The portal's language for a patient who has chosen none (iso6391), when the organization set one. */
  defaultLanguage?: PortalLanguage;
  landing: { logoURL?: string; title?: string; graphicURL?: string };
  /** The login and register screens' own texts and graphics (portalSettings.authentication), when set. */
  login: AuthTexts;
  register: AuthTexts;
}

export interface AuthTexts {
  title?: string;
  description?: string;
  graphicURL?: string;
}

/** Default colours (docs/contract/portal.md#constants). */
export const DEFAULT_THEME_COLOR = '#1564bf';
export const DEFAULT_THEME_COLOR_SECONDARY = '#1c4378';
// The default landing title and sign-in texts (docs/contract/portal.md#landing) are the catalogue's
// (i18n/catalogue/<language>/auth.ts), in the visitor's language, where the clinic set none.

/** The body of a thrown organization failure, recognised by the error boundary. */
export type OrganizationErrorData = { organizationError: 'invalid' } | { organizationError: 'failed'; message: string };

export const isOrganizationErrorData = (value: unknown): value is OrganizationErrorData =>
  !!value && typeof value === 'object' && 'organizationError' in value;

/**
 * Colours end up in CSS, so only hex colours are accepted from the organization's settings; anything
 * else falls back to the default rather than reaching a style sheet.
 */
export const safeColor = (value: unknown, fallback = DEFAULT_THEME_COLOR) =>
  typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim().toLowerCase() : fallback;

/** Image addresses from the settings: absolute http(s) URLs or paths on this host only. */
export const safeImageURL = (value: unknown) => {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
};
