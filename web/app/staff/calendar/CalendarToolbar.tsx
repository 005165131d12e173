import { Form, Link } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { calendarHref, newAppointmentHref, type CalendarPlace } from './calendar-links';
import { VIEWS } from './calendar-range';
import type { CalendarData } from './calendar.server';

const VIEW_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;
const STEP_NAMES = { day: 'day', week: 'week', month: 'month' } as const;

/** The calendar's controls: where in time (previous, today, next), which view, whose calendars, and a new appointment. */
export function CalendarToolbar({ data, place }: { data: CalendarData; place: CalendarPlace }) {
  const step = STEP_NAMES[data.view];
  return (
    <Stack gap={1.5}>
      <Stack direction="row" gap={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography level="h2" component="h1">
          Calendar
        </Typography>
        <Button component={Link} to={newAppointmentHref({ date: data.date, staff: data.shown.length === 1 ? data.shown[0]!.id : undefined })}>
          New appointment
        </Button>
      </Stack>
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Box component="nav" aria-label="Dates" sx={{ display: 'flex', gap: 0.5 }}>
          <Button component={Link} to={calendarHref({ ...place, date: data.previous })} size="sm" variant="outlined" color="neutral" aria-label={`Previous ${step}`}>
            ‹
          </Button>
          <Button component={Link} to={calendarHref({ ...place, date: data.today })} size="sm" variant="outlined" color="neutral">
            Today
          </Button>
          <Button component={Link} to={calendarHref({ ...place, date: data.next })} size="sm" variant="outlined" color="neutral" aria-label={`Next ${step}`}>
            ›
          </Button>
        </Box>
        <Typography level="title-lg" component="h2" sx={{ flex: '1 1 auto' }}>
          {data.label}
        </Typography>
        <Box component="nav" aria-label="Calendar view" sx={{ display: 'flex', gap: 0.5 }}>
          {VIEWS.map((view) => (
            <Button
              key={view}
              component={Link}
              to={calendarHref({ ...place, view })}
              size="sm"
              variant={view === data.view ? 'soft' : 'plain'}
              color={view === data.view ? 'primary' : 'neutral'}
              aria-current={view === data.view ? 'page' : undefined}
            >
              {VIEW_LABELS[view]}
            </Button>
          ))}
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-start' }} justifyContent="space-between">
        <Sheet variant="outlined" component="details" sx={{ borderRadius: 'sm', px: 1.5, py: 1, '& > summary': { cursor: 'pointer', fontWeight: 'md' } }}>
          <summary>
            Calendars: {data.shown.map((member) => member.label).join(', ') || 'none'}
          </summary>
          <Form method="get" action="/staff/calendar">
            <input type="hidden" name="view" value={data.view} />
            <input type="hidden" name="date" value={data.date} />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <Typography component="legend" level="body-sm" sx={{ mb: 1 }}>
                Show the calendars of
              </Typography>
              {data.staff.map((member) => (
                <Checkbox key={member.id} name="staff" value={member.id} label={member.label} defaultChecked={data.shown.some((shown) => shown.id === member.id)} />
              ))}
            </Box>
            <Button type="submit" size="sm" sx={{ mt: 1.5 }}>
              Show calendars
            </Button>
          </Form>
        </Sheet>
        <Typography level="body-sm">Times are in {data.zoneName}</Typography>
      </Stack>
    </Stack>
  );
}
