import type { PortalLanguage } from '@carelane/automation';
import type { Catalogue } from './i18n/types';
import type { PortalOrganization } from './organization';

/**
 * What the root route's loader answers (root.tsx), in a file of its own so the hooks reading it
 * (components/useOrganization.ts) need not import the root route, which imports them.
 */
export interface RootLoaderData {
  organization: PortalOrganization;
  /** The page's language (i18n/language.server.ts) and its texts, the only language the page carries. */
  language: PortalLanguage;
  messages: Catalogue;
}
