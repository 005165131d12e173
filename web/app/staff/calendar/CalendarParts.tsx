import { Link } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { calendarHref, type CalendarPlace } from './calendar-links';
import type { CalendarData } from './calendar.server';

/**
 * A busy view shown in parts (calendar-page.ts) says so, in words and with the way on: where this
 * part ends and a link to the next, and on a later part where it begins and a link back to the start.
 * Nothing when the whole view fits.
 */
export function CalendarParts({ part, place }: { part: CalendarData['part']; place: CalendarPlace }) {
  if (!part.from && !part.next) return null;
  const started = part.from ? `Shown from ${part.from.label}. ` : '';
  const ends = part.next ? `More appointments than one page holds: shown up to ${part.next.label}.` : 'Shown to the end.';
  return (
    <Alert color="primary" variant="soft" role="status">
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <span>
          {started}
          {ends}
        </span>
        {part.from && (
          <Button component={Link} to={calendarHref({ ...place, from: undefined })} size="sm" variant="outlined">
            Show from the start
          </Button>
        )}
        {part.next && (
          <Button component={Link} to={calendarHref({ ...place, from: part.next.at })} size="sm">
            Show from {part.next.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
