import { isRouteErrorResponse, Link as RemixLink, useRouteError } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { isOrganizationErrorData } from '../organization';

/** 002 §1 and §8. */
export const TEXTS = {
  invalidURL: 'This URL is invalid',
  loadFailed: 'There was an error loading the portal. Please make sure the URL is valid and correctly configured',
  renderFailed: 'Something went wrong.',
} as const;

const Screen = ({ children }: { children: ReactNode }) => (
  <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 3, textAlign: 'center' }}>
    {children}
  </Box>
);

/** The error screen of every route: organization lookup failures, and anything else that failed. */
export function RouteErrorBoundary() {
  const error = useRouteError();
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
  return (
    <Screen>
      <Typography level="h3" component="h1">
        {TEXTS.renderFailed}
      </Typography>
      <Link component={RemixLink} to="/" reloadDocument>
        Go to the start page
      </Link>
    </Screen>
  );
}
