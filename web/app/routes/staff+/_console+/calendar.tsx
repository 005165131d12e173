import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { CalendarParts } from '../../../staff/calendar/CalendarParts';
import { CalendarToolbar } from '../../../staff/calendar/CalendarToolbar';
import { newAppointmentHref, type CalendarPlace } from '../../../staff/calendar/calendar-links';
import { loadCalendar } from '../../../staff/calendar/calendar.server';
import { MonthView } from '../../../staff/calendar/MonthView';
import { NoZoneWarning } from '../../../staff/calendar/NoZoneWarning';
import { TimeGrid } from '../../../staff/calendar/TimeGrid';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Calendar · Staff' }];

/** Day, week and month views of one or several staff members' appointments, on the viewer's clock. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadCalendar(request, authToken, user);
};

const EMPTY_TEXT = { day: 'Nothing is booked this day.', week: 'Nothing is booked this week.', month: 'Nothing is booked this month.' } as const;

export default function Calendar() {
  const data = useLoaderData<typeof loader>();
  const place: CalendarPlace = { view: data.view, date: data.date, staff: data.shown.map((member) => member.id) };
  // The part of a busy week or day shown, for the links that come back to it (an appointment's Back, a phone's day switcher).
  const partPlace: CalendarPlace = { ...place, ...(data.part.from ? { from: data.part.from.at } : {}) };
  return (
    <Stack gap={2}>
      <CalendarToolbar data={data} place={place} />
      <NoZoneWarning staff={data.withoutTimezone} />
      <CalendarParts part={data.part} place={place} />
      {data.items.length === 0 && !data.part.from && (
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap" role="status">
          <Typography level="body-md">
            {EMPTY_TEXT[data.view]} Book a patient with New appointment, or show colleagues’ calendars under Calendars.
          </Typography>
          <Button component={Link} to={newAppointmentHref({ date: data.date })} size="sm" variant="outlined">
            Book an appointment
          </Button>
        </Stack>
      )}
      {data.view === 'month' ? (
        <MonthView days={data.days} items={data.items} month={Number(data.date.slice(5, 7))} today={data.today} staff={data.shown} place={place} />
      ) : (
        <TimeGrid days={data.days} staff={data.shown} items={data.items} timeZone={data.timeZone} chosen={data.date} today={data.today} place={partPlace} shown={{ from: data.part.from?.at, to: data.part.next?.at }} />
      )}
    </Stack>
  );
}
