import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';

/**
 * The console's not-found page, drawn inside its frame: for an address under /staff that names no
 * page (routes/staff+/_console+/$.tsx) and for a console record that does not exist (a loader's 404).
 */
export function StaffNotFound() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography level="h2" component="h1">
        Page not found
      </Typography>
      <Typography level="body-md">Nothing in the staff console lives at this address. It may have been mistyped, or the page has moved.</Typography>
      <Link component={RemixLink} to="/staff/journeys">
        Go to the journeys
      </Link>
    </Stack>
  );
}
