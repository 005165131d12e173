import { isRouteErrorResponse, Link as RemixLink, useLocation, useRouteError } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { isOrganizationErrorData } from '../organization';
import { StaffNotFound } from '../staff/StaffNotFound';
import { isForbiddenData } from '../staff/shell/missing';
import { StaffForbidden } from '../staff/shell/StaffForbidden';

/** docs/contract/portal.md#branding and #errors. */
export const TEXTS = {
  invalidURL: 'This URL is invalid',
  loadFailed: 'There was an error loading the portal. Please make sure the URL is valid and correctly configured',
  renderFailed: 'Something went wrong.',
  dataLoadFailed: 'An error occurred',
  notFound: 'Page not found',
} as const;

/**
 * Whether the error came from the server (in production Remix hands the browser a server's failure,
 * almost always a page's data failing to load, as an Error with this message), rather than from
 * drawing the page in the browser.
 */
const SERVER_FAILURE = 'Unexpected Server Error';
const isDataLoadFailure = (error: unknown) =>
  (isRouteErrorResponse(error) && error.status >= 500) || (error instanceof Error && error.message === SERVER_FAILURE);

const Screen = ({ children }: { children: ReactNode }) => (
  <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 3, textAlign: 'center' }}>
    {children}
  </Box>
);

/** The error screen of every route: organization lookup failures, and anything else that failed. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // Staff console pages lead back to the console, the portal's to its start page.
  const start = useLocation().pathname.startsWith('/staff') ? '/staff' : '/';
  if (isRouteErrorResponse(error) && isOrganizationErrorData(error.data)) {
    const failure = error.data;
    return (
      <Screen>
        {failure.organizationError === 'invalid' ? (
          <Typography level="h3" component="h1">
            {TEXTS.invalidURL}
          </Typography>
        ) : (
          <>
            <Typography level="h3" component="h1">
              {TEXTS.loadFailed}
            </Typography>
            <Typography level="body-md" color="danger">
              {failure.message}
            </Typography>
          </>
        )}
      </Screen>
    );
  }
  // A page the signed-in person may not see shows the api's own words (web/app/api.server.ts
  // refusedPage) and leads back to where they started; anything else says what kind of failure it was.
  // A record that does not exist (a loader answers 404) says so, and also leads back.
  const refused = isRouteErrorResponse(error) && error.status === 403 && typeof error.data === 'string' && error.data ? error.data : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the staff app a missing record and a page the role may not use show the app's own pages, inside its frame.
  if (notFound && start === '/staff') return <StaffNotFound />;
  if (isRouteErrorResponse(error) && error.status === 403 && start === '/staff' && (refused || isForbiddenData(error.data))) {
    return <StaffForbidden what={isForbiddenData(error.data) ? error.data.forbidden : undefined} apiMessage={refused} />;
  }
  return (
    <Screen>
      <Typography level="h3" component="h1">
        {refused ?? (notFound ? TEXTS.notFound : isDataLoadFailure(error) ? TEXTS.dataLoadFailed : TEXTS.renderFailed)}
      </Typography>
      <Link component={RemixLink} to={refused || notFound ? start : '/'} reloadDocument>
        Go to the start page
      </Link>
    </Screen>
  );
}
