import type { PortalOrganization } from './organization';

/**
 * What the root route's loader answers (root.tsx), in a file of its own so the hooks reading it
 * (components/useOrganization.ts) need not import the root route, which imports them.
 */
export interface RootLoaderData {
  organization: PortalOrganization;
}
