import { readOptionalString, readOptionalUrl } from '@carelane/db';

/** One OAuth2 authorization server the api can connect an organization to. */
export interface OAuth2Provider {
  title: string;
  clientId?: string;
  clientSecret?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  /** RFC 7009 token revocation, called on disconnect; without one, disconnect only forgets the tokens. */
  revokeUrl?: string;
  scope?: string;
}

/** Where the well-known providers authorize and issue tokens (overridable, e.g. by a local server in tests). */
const KNOWN: Record<string, { authorizeUrl: string; tokenUrl: string; revokeUrl?: string; scope: string }> = {
  Google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    scope: 'https://www.googleapis.com/auth/gmail.modify https://www.googleapis.com/auth/calendar',
  },
  Square: { authorizeUrl: 'https://connect.squareup.com/oauth2/authorize', tokenUrl: 'https://connect.squareup.com/oauth2/token', scope: 'PAYMENTS_READ PAYMENTS_WRITE CUSTOMERS_READ CUSTOMERS_WRITE' },
  Zoom: { authorizeUrl: 'https://zoom.us/oauth/authorize', tokenUrl: 'https://zoom.us/oauth/token', scope: '' },
  Outlook: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'offline_access Mail.ReadWrite Mail.Send Calendars.ReadWrite',
  },
  Zoho: { authorizeUrl: 'https://accounts.zoho.com/oauth/v2/auth', tokenUrl: 'https://accounts.zoho.com/oauth/v2/token', scope: '' },
};

/** The integration titles the reference client may name (its integrationTitleValidator), plus Google. */
export const OAUTH2_TITLES = [
  'Google', 'Square', 'Outlook', 'Zoho', 'Zoom', 'Zendesk', 'Fullscript', 'Zus', 'Canvas', 'Candid', 'GoGoMeds', 'PagerDuty',
  'Smart Meter', 'mFax', 'Athena', 'DoseSpot', 'Docsumo', 'ActiveCampaign', 'Stripe', 'Emotii', 'Develop Health',
] as const;

/** OAUTH2_<TITLE>_CLIENT_ID ...: the title upper-cased, anything but letters and digits as '_'. */
export const envPrefix = (title: string) => `OAUTH2_${title.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;

export const readOAuth2Providers = (env: NodeJS.ProcessEnv): Record<string, OAuth2Provider> =>
  Object.fromEntries(
    OAUTH2_TITLES.map((title) => {
      const prefix = envPrefix(title);
      const known = KNOWN[title];
      return [
        title,
        {
          title,
          clientId: readOptionalString(env, `${prefix}CLIENT_ID`),
          clientSecret: readOptionalString(env, `${prefix}CLIENT_SECRET`),
          authorizeUrl: readOptionalUrl(env, `${prefix}AUTHORIZE_URL`, ['http', 'https']) ?? known?.authorizeUrl,
          tokenUrl: readOptionalUrl(env, `${prefix}TOKEN_URL`, ['http', 'https']) ?? known?.tokenUrl,
          revokeUrl: readOptionalUrl(env, `${prefix}REVOKE_URL`, ['http', 'https']) ?? known?.revokeUrl,
          scope: readOptionalString(env, `${prefix}SCOPE`) ?? known?.scope,
        },
      ];
    }),
  );

/** The settings a provider still lacks, by their environment names. */
export const missingProviderSettings = (provider: OAuth2Provider) => {
  const prefix = envPrefix(provider.title);
  return [
    ['CLIENT_ID', provider.clientId],
    ['CLIENT_SECRET', provider.clientSecret],
    ['AUTHORIZE_URL', provider.authorizeUrl],
    ['TOKEN_URL', provider.tokenUrl],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => `${prefix}${name}`);
};
