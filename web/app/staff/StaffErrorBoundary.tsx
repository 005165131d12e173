import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { StaffNotFound } from './StaffNotFound';
import { isForbiddenData } from './shell/missing';
import { StaffForbidden } from './shell/StaffForbidden';

/**
 * The staff app's error screen: a record that does not exist and a page the role may not use show the
 * app's own pages inside its frame; anything else is the shared error screen. Kept apart from
 * RouteErrorBoundary so the portal's pages do not carry the staff app's screens.
 */
export function StaffErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <StaffNotFound />;
  // A page the signed-in person may not see shows the api's own words (web/app/api.server.ts refusedPage).
  const refused = isRouteErrorResponse(error) && error.status === 403 && typeof error.data === 'string' && error.data ? error.data : undefined;
  if (isRouteErrorResponse(error) && error.status === 403 && (refused || isForbiddenData(error.data))) {
    return <StaffForbidden what={isForbiddenData(error.data) ? error.data.forbidden : undefined} apiMessage={refused} />;
  }
  return <RouteErrorBoundary />;
}
