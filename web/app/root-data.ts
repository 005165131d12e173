import type { PortalLanguage } from '@carelane/automation';
import type { ScreenTexts } from './i18n/types';
import type { PortalOrganization } from './organization';

/**
 * What the root route's loader answers (root.tsx), in a file of its own so the hooks reading it
 * (components/useOrganization.ts) need not import the root route, which imports them.
 */
export interface RootLoaderData {
  organization: PortalOrganization;
  /**
   * The page's language (i18n/screen-texts.server.ts), the only one the page carries, and the root's
   * namespaces of it (the staff app: all); each route's loader adds its own as `texts`.
   */
  language: PortalLanguage;
  messages: ScreenTexts;
}
