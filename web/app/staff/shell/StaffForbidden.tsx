import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';

/**
 * A staff page the role may not use, inside the frame: what the role does not allow, in words (from
 * the loader's staffForbidden, or the api's own refusal), and the way back to Today.
 */
export function StaffForbidden({ what, apiMessage }: { what?: string; apiMessage?: string }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography level="h2" component="h1">
        You do not have access to this page
      </Typography>
      <Typography level="body-md">{what ? `Your role does not let you ${what}. An Admin can change what your role allows.` : apiMessage}</Typography>
      {/* A document load: the staff cookie does not travel with /staff's data request (sections.ts). */}
      <Link component={RemixLink} to="/staff" reloadDocument>
        Go to Today
      </Link>
    </Stack>
  );
}
