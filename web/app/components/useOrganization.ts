import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { PortalOrganization } from '../organization';
import type { RootLoaderData } from '../root-data';

/**
 * An organization that stands in for the loaded one below it: the staff app's portal preview shows
 * the portal's own screens with settings not saved yet.
 */
export const PreviewOrganization = createContext<PortalOrganization | undefined>(undefined);

/** The organization loaded by the root route (or the previewed one), or undefined when that failed (error screens). */
export const useOptionalOrganization = (): PortalOrganization | undefined => {
  const previewed = useContext(PreviewOrganization);
  const loaded = useRouteLoaderData<RootLoaderData>('root')?.organization;
  return previewed ?? loaded;
};

/** The organization of this portal; pages below the root only render once it has loaded. */
export const useOrganization = (): PortalOrganization => {
  const organization = useOptionalOrganization();
  if (!organization) throw new Error('The organization is not loaded');
  return organization;
};
