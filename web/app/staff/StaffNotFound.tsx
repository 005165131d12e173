import { Link as RemixLink, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { isMissingData, MISSING } from './shell/missing';

/**
 * The staff app's not-found page, drawn inside its frame: for an address under /staff that names no
 * page (routes/staff+/_console+/$.tsx) and for a record that does not exist or the role may not see
 * (a loader's staffNotFound(kind), web/app/staff/shell/refuse.server.ts), in that record's words.
 */
export function StaffNotFound() {
  const error = useRouteError();
  const kind = isRouteErrorResponse(error) && isMissingData(error.data) ? error.data.missing : 'page';
  // A loader may also answer its record's own sentence as the 404's text ('This form response does not exist or you cannot see it').
  const own = isRouteErrorResponse(error) && typeof error.data === 'string' && /does not exist/.test(error.data) ? error.data : undefined;
  const { title, text } = own ? { title: own, text: MISSING.record.text } : MISSING[kind];
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography level="h2" component="h1">
        {title}
      </Typography>
      <Typography level="body-md">{text}</Typography>
      {/* A document load: the staff cookie does not travel with /staff's data request (sections.ts). */}
      <Link component={RemixLink} to="/staff" reloadDocument>
        Go to Today
      </Link>
    </Stack>
  );
}
