import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import type { CalendarItem } from './appointment-items';
import { CalendarEntry } from './CalendarEntry';
import { calendarHref, type CalendarPlace } from './calendar-links';
import { longDayLabel, shortDayLabel, type CalendarDay } from './calendar-range';
import type { StaffChoice } from './calendar.server';
import { placeItems, visibleHours, type PlacedItem } from './time-grid-layout';

const HOUR_PX = 80;
/** A line of body-xs text: how many of an entry's lines its height shows. */
const LINE_PX = 16.2;
const PX_PER_MINUTE = HOUR_PX / 60;

interface Column {
  key: string;
  day: CalendarDay;
  staff: StaffChoice;
  placed: PlacedItem[];
  /** Shown on a phone: the chosen day's columns only (the week a day at a time). */
  onPhone: boolean;
}

const hourLabel = (hour: number) => (hour === 0 || hour === 24 ? '12 AM' : hour === 12 ? '12 PM' : hour < 12 ? `${hour} AM` : `${hour - 12} PM`);

/** The day switcher a phone shows above the week: one link per day, the chosen one marked. */
function DaySwitcher({ days, chosen, place }: { days: CalendarDay[]; chosen: string; place: CalendarPlace }) {
  return (
    <Box component="nav" aria-label="Days of the week" sx={{ display: { xs: 'grid', sm: 'none' }, gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
      {days.map((day) => (
        <Link
          key={day.key}
          component={RemixLink}
          to={calendarHref({ ...place, date: day.key })}
          title={longDayLabel(day)}
          aria-current={day.key === chosen ? 'date' : undefined}
          level="body-sm"
          sx={{
            justifyContent: 'center',
            flexDirection: 'column',
            py: 0.5,
            borderRadius: 'sm',
            textDecoration: 'none',
            ...(day.key === chosen ? { bgcolor: 'primary.solidBg', color: 'primary.solidColor' } : { color: 'text.primary' }),
          }}
        >
          <span>{shortDayLabel(day).split(' ')[0]}</span>{' '}
          <span>{day.day}</span>
        </Link>
      ))}
    </Box>
  );
}

/**
 * What a column's list says to a screen reader: its appointments, or, in a busy view shown in parts
 * (CalendarParts), that its day lies in another part, so an unloaded day never reads "nothing booked".
 */
const otherPart = (column: Column, shown: ShownPart) =>
  shown.from !== undefined && column.day.end <= shown.from ? 'in the earlier part' : shown.to !== undefined && column.day.start >= shown.to ? 'in the next part' : undefined;

const columnSummary = (column: Column, shown: ShownPart) => {
  const elsewhere = otherPart(column, shown);
  if (elsewhere) return elsewhere;
  const count = column.placed.length === 0 ? 'nothing booked' : `${column.placed.length} on the calendar`;
  const before = shown.from !== undefined && column.day.start < shown.from ? ', earlier ones in the earlier part' : '';
  const after = shown.to !== undefined && column.day.end > shown.to ? ', more in the next part' : '';
  return `${count}${before}${after}`;
};

/** The instants a part of a busy view covers: from its start (none for the first part) to the next part's. */
export interface ShownPart {
  from?: number;
  to?: number;
}

/**
 * Day and week views: a column per day and per shown staff member, hours down the side, each
 * appointment placed at its time on the viewer's clock. A team's columns sit side by side; on a phone
 * the week shows the chosen day with a day switcher (CSS only, so the server's page is the same).
 */
export function TimeGrid({ days, staff, items, timeZone, chosen, today, place, shown = {} }: { days: CalendarDay[]; staff: StaffChoice[]; items: CalendarItem[]; timeZone: string; chosen: string; today: string; place: CalendarPlace; shown?: ShownPart }) {
  const columns: Column[] = days.flatMap((day) =>
    staff.map((member) => ({
      key: `${day.key}-${member.id}`,
      day,
      staff: member,
      placed: placeItems(items.filter((item) => item.staffId === member.id), day, timeZone),
      onPhone: days.length === 1 || day.key === chosen,
    })),
  );
  const hours = visibleHours(columns.flatMap((column) => column.placed));
  const height = (hours.to - hours.from) * HOUR_PX;
  const team = staff.length > 1;
  const headingOf = (column: Column) => (days.length > 1 ? `${shortDayLabel(column.day)}${team ? ` · ${column.staff.label}` : ''}` : column.staff.label);
  const phoneCount = columns.filter((column) => column.onPhone).length;
  return (
    <>
      {days.length > 1 && <DaySwitcher days={days} chosen={chosen} place={place} />}
      <Box sx={{ overflowX: 'auto', border: '1px solid', borderColor: 'divider', borderRadius: 'sm' }}>
        <Box
          role="group"
          aria-label="Appointments by time"
          sx={{
            display: 'grid',
            minWidth: { xs: phoneCount > 2 ? 56 + phoneCount * 120 : 0, sm: 56 + columns.length * (team ? 110 : 90) },
            gridTemplateColumns: {
              xs: `56px repeat(${phoneCount}, minmax(0, 1fr))`,
              sm: `56px repeat(${columns.length}, minmax(0, 1fr))`,
            },
          }}
        >
          <Box sx={{ borderBottom: '1px solid', borderColor: 'divider' }} />
          {columns.map((column) => (
            <Box
              key={column.key}
              sx={{
                display: column.onPhone ? 'flex' : { xs: 'none', sm: 'flex' },
                alignItems: 'center',
                justifyContent: 'center',
                px: 0.5,
                py: 0.75,
                borderBottom: '1px solid',
                borderLeft: '1px solid',
                borderColor: 'divider',
                bgcolor: column.day.key === today ? 'primary.softBg' : undefined,
              }}
            >
              <Typography level="title-sm" component="h3" noWrap aria-label={days.length > 1 ? `${longDayLabel(column.day)}${team ? `, ${column.staff.label}` : ''}` : column.staff.label}>
                {headingOf(column)}
              </Typography>
            </Box>
          ))}
          <Box aria-hidden sx={{ position: 'relative', height }}>
            {Array.from({ length: hours.to - hours.from }, (_, index) => (
              // Each label sits on its hour's line; the first, which has no line above it, just under the top edge.
              <Typography key={index} level="body-xs" sx={{ position: 'absolute', top: index === 0 ? 2 : index * HOUR_PX - 8, right: 6 }}>
                {hourLabel(hours.from + index)}
              </Typography>
            ))}
          </Box>
          {columns.map((column) => (
            <Box
              key={column.key}
              component="ul"
              aria-label={`${days.length > 1 ? longDayLabel(column.day) : column.staff.label}${team && days.length > 1 ? `, ${column.staff.label}` : ''}: ${columnSummary(column, shown)}`}
              sx={{
                display: column.onPhone ? 'block' : { xs: 'none', sm: 'block' },
                listStyle: 'none',
                m: 0,
                p: 0,
                position: 'relative',
                height,
                borderLeft: '1px solid',
                borderColor: 'divider',
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, var(--joy-palette-divider) ${HOUR_PX - 1}px, var(--joy-palette-divider) ${HOUR_PX}px)`,
                // A day of another part is greyed: its appointments are there, not here (CalendarParts says so).
                bgcolor: otherPart(column, shown) ? 'background.level1' : undefined,
              }}
            >
              {column.placed.map((entry) => (
                <Box
                  component="li"
                  key={`${entry.item.id}-${entry.item.staffId}`}
                  sx={{
                    position: 'absolute',
                    top: (entry.top - hours.from * 60) * PX_PER_MINUTE,
                    height: (entry.bottom - entry.top) * PX_PER_MINUTE - 2,
                    left: `calc(${(entry.lane / entry.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / entry.lanes}% - 4px)`,
                    display: 'flex',
                  }}
                >
                  <CalendarEntry item={entry.item} from={place} lines={Math.max(1, Math.floor(((entry.bottom - entry.top) * PX_PER_MINUTE - 6) / LINE_PX))} sx={{ flex: 1, minWidth: 0 }} />
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}
