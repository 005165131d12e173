import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';

/** The top of a page about one journey: the way back to it, and the page's heading naming the journey. */
export function JourneySubpageHeader({ journey, heading }: { journey: { id: string; title: string }; heading: string }) {
  return (
    <>
      <Link component={RemixLink} to={`/staff/journeys/${journey.id}`} sx={{ alignSelf: 'flex-start' }}>
        Back to {journey.title}
      </Link>
      <Typography level="h2" component="h1">
        {heading}: {journey.title}
      </Typography>
    </>
  );
}
