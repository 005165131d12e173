import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { CalendarItem } from './appointment-items';
import { CalendarEntry } from './CalendarEntry';
import { calendarHref, type CalendarPlace } from './calendar-links';
import { longDayLabel, WEEKDAYS, type CalendarDay } from './calendar-range';
import type { StaffChoice } from './calendar.server';

const MAX_IN_CELL = 3;

const itemsOn = (items: CalendarItem[], day: CalendarDay) => items.filter((item) => item.start < day.end && item.end > day.start);

/** On a phone the month is a list of the days that have something on them (an agenda). */
function Agenda({ days, items, month, staff, place }: { days: CalendarDay[]; items: CalendarItem[]; month: number; staff: StaffChoice[]; place: CalendarPlace }) {
  const booked = days.filter((day) => day.month === month).map((day) => ({ day, items: itemsOn(items, day) })).filter((entry) => entry.items.length > 0);
  const team = staff.length > 1;
  const nameOf = (id: string) => staff.find((member) => member.id === id)?.label;
  return (
    <Stack gap={2} sx={{ display: { xs: 'flex', sm: 'none' } }}>
      {booked.length === 0 && <Typography level="body-md">Nothing is booked this month.</Typography>}
      {booked.map(({ day, items: dayItems }) => (
        <section key={day.key} aria-labelledby={`agenda-${day.key}`}>
          <Typography id={`agenda-${day.key}`} level="title-sm" component="h3" sx={{ mb: 0.5 }}>
            <Link component={RemixLink} to={calendarHref({ ...place, view: 'day', date: day.key })}>
              {longDayLabel(day)}
            </Link>
          </Typography>
          <Stack component="ul" gap={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {dayItems.map((item) => (
              <li key={`${item.id}-${item.staffId}`}>
                {team && (
                  <Typography level="body-xs" textColor="text.secondary">
                    {nameOf(item.staffId)}
                  </Typography>
                )}
                <CalendarEntry item={item} from={place} />
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/**
 * The month: whole weeks, each day with its first appointments and a link to the rest of the day; on
 * a phone, an agenda of the days that have something on them.
 */
export function MonthView({ days, items, month, today, staff, place }: { days: CalendarDay[]; items: CalendarItem[]; month: number; today: string; staff: StaffChoice[]; place: CalendarPlace }) {
  return (
    <>
      <Agenda days={days} items={items} month={month} staff={staff} place={place} />
      <Box sx={{ display: { xs: 'none', sm: 'grid' }, gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', border: '1px solid', borderColor: 'divider', borderRadius: 'sm' }}>
        {WEEKDAYS.map((weekday) => (
          <Typography key={weekday} level="title-sm" component="div" aria-hidden sx={{ textAlign: 'center', py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}>
            {weekday.slice(0, 3)}
          </Typography>
        ))}
        {days.map((day) => {
          const dayItems = itemsOn(items, day);
          const more = dayItems.length - MAX_IN_CELL;
          return (
            <Box
              key={day.key}
              component="section"
              aria-label={longDayLabel(day)}
              sx={{ minHeight: 110, p: 0.5, borderTop: '1px solid', borderLeft: day.weekday === 0 ? 0 : '1px solid', borderColor: 'divider', bgcolor: day.key === today ? 'primary.softBg' : day.month !== month ? 'background.level1' : undefined }}
            >
              <Link component={RemixLink} to={calendarHref({ ...place, view: 'day', date: day.key })} level="body-sm" aria-label={`${longDayLabel(day)}: open the day`} sx={{ fontWeight: day.key === today ? 'lg' : undefined }}>
                {day.day}
              </Link>
              <Stack component="ul" gap={0.25} sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.25 }}>
                {dayItems.slice(0, MAX_IN_CELL).map((item) => (
                  <Box component="li" key={`${item.id}-${item.staffId}`} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                    {/* The start, seen beside the entry; the entry's own name already says it to a screen reader. */}
                    <Typography level="body-xs" aria-hidden sx={{ flexShrink: 0 }}>
                      {item.busy ? '' : item.time.split('–')[0]}
                    </Typography>
                    <CalendarEntry item={item} from={place} lines={1} withTime={false} sx={{ flex: 1, minWidth: 0 }} />
                  </Box>
                ))}
              </Stack>
              {more > 0 && (
                <Link component={RemixLink} to={calendarHref({ ...place, view: 'day', date: day.key })} level="body-xs">
                  {more} more
                </Link>
              )}
            </Box>
          );
        })}
      </Box>
    </>
  );
}
