import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';

/** The journey page's way to its issue-36 pages: why its steps ran or were skipped, and changing a delay while patients are in it. */
export function JourneyLinks({ journeyId }: { journeyId: string }) {
  return (
    <Stack component="nav" aria-label="More about this journey" direction="row" gap={2} flexWrap="wrap">
      <Link component={RemixLink} to={`/staff/journeys/${journeyId}/decisions`}>
        Why steps ran or were skipped
      </Link>
      <Link component={RemixLink} to={`/staff/journeys/${journeyId}/change-step`}>
        Change a delay for patients already in it
      </Link>
    </Stack>
  );
}
