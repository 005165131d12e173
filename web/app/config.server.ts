/**
 * The portal's configuration, read once from the environment. A bad value stops the server at start
 * with a message naming the variable, rather than failing later on the first request.
 */
export interface PortalConfig {
  /** Base URL of the Carelane API, without a trailing slash. */
  apiUrl: string;
  /** The provider's portal domain (e.g. portal.example.com): `<sub>.<portalDomain>` resolves by subdomain. */
  portalDomain?: string;
  /** The subdomain used when the portal is opened on a local host (localhost, 127.0.0.1, [::1]). */
  defaultSubdomain: string;
  /** Secret used to sign the session cookie. */
  sessionSecret: string;
  /** NODE_ENV is production: secure cookies and a required session secret. */
  production: boolean;
  /** Where the booking widget sends its GA4 events (GA4's collection endpoint; a local collector in tests). */
  ga4CollectUrl: string;
  /** The Temporal UI the staff console links workflows to (TEMPORAL_UI_URL; npm start sets its dev server's); unset, no link is drawn. */
  temporalUiUrl?: string;
  /** The Temporal namespace the api starts its workflows in (TEMPORAL_NAMESPACE). */
  temporalNamespace: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export const DEFAULT_API_URL = 'http://127.0.0.1:8080';
export const DEFAULT_SUBDOMAIN = 'demo';
/** Only used outside production, so a development checkout works without any setup. */
const DEVELOPMENT_SESSION_SECRET = 'carelane-portal-development-session-secret';
const MIN_SESSION_SECRET_LENGTH = 32;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const LABEL_PATTERN = new RegExp(`^${LABEL}$`);
const DOMAIN_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

const read = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const invalid = (name: string, value: string, expected: string) =>
  new ConfigError(`Invalid ${name} ${JSON.stringify(value)}: expected ${expected}`);

const readApiUrl = (env: Env) => {
  const value = read(env, 'API_URL') ?? DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('API_URL', value, 'an http:// or https:// URL such as http://127.0.0.1:8080');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('API_URL', value, 'an http:// or https:// URL such as http://127.0.0.1:8080');
  }
  if (url.search || url.hash) throw invalid('API_URL', value, 'a URL without a query string or fragment');
  return url.toString().replace(/\/+$/, '');
};

const readPortalDomain = (env: Env) => {
  const value = read(env, 'PORTAL_DOMAIN');
  if (value === undefined) return undefined;
  const domain = value.toLowerCase().replace(/\.$/, '');
  if (domain.length > 253 || !DOMAIN_PATTERN.test(domain)) {
    throw invalid('PORTAL_DOMAIN', value, 'a host name without scheme or port, such as portal.example.com');
  }
  return domain;
};

const readDefaultSubdomain = (env: Env) => {
  const value = read(env, 'PORTAL_DEFAULT_SUBDOMAIN') ?? DEFAULT_SUBDOMAIN;
  const subdomain = value.toLowerCase();
  if (!LABEL_PATTERN.test(subdomain)) {
    throw invalid('PORTAL_DEFAULT_SUBDOMAIN', value, 'one DNS label: letters, digits and hyphens, such as demo');
  }
  return subdomain;
};

const readSessionSecret = (env: Env, production: boolean) => {
  const value = read(env, 'SESSION_SECRET');
  if (value === undefined) {
    if (production) throw new ConfigError('SESSION_SECRET is required when NODE_ENV is production');
    return DEVELOPMENT_SESSION_SECRET;
  }
  if (production && value.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters long when NODE_ENV is production`);
  }
  return value;
};

export const DEFAULT_GA4_COLLECT_URL = 'https://www.google-analytics.com/g/collect';

const readGa4CollectUrl = (env: Env) => {
  const value = read(env, 'GA4_COLLECT_URL') ?? DEFAULT_GA4_COLLECT_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('GA4_COLLECT_URL', value, 'an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('GA4_COLLECT_URL', value, 'an http:// or https:// URL');
  return url.toString();
};

export const loadConfig = (env: Env): PortalConfig => {
  const production = env.NODE_ENV === 'production';
  return {
    apiUrl: readApiUrl(env),
    portalDomain: readPortalDomain(env),
    defaultSubdomain: readDefaultSubdomain(env),
    sessionSecret: readSessionSecret(env, production),
    production,
    ga4CollectUrl: readGa4CollectUrl(env),
    temporalUiUrl: read(env, 'TEMPORAL_UI_URL')?.replace(/\/+$/, ''),
    temporalNamespace: read(env, 'TEMPORAL_NAMESPACE') ?? 'default',
  };
};

export const config: PortalConfig = loadConfig(process.env);
