import { useRouteLoaderData } from '@remix-run/react';
import type { PortalOrganization } from '../organization';
import type { RootLoaderData } from '../root-data';

/** The organization loaded by the root route, or undefined when that failed (error screens). */
export const useOptionalOrganization = (): PortalOrganization | undefined =>
  useRouteLoaderData<RootLoaderData>('root')?.organization;

/** The organization of this portal; pages below the root only render once it has loaded. */
export const useOrganization = (): PortalOrganization => {
  const organization = useOptionalOrganization();
  if (!organization) throw new Error('The organization is not loaded');
  return organization;
};
