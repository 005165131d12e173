import { useFetcher } from '@remix-run/react';
import Button from '../components/Button';
import CircularProgress from '@mui/joy/CircularProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { SLOTS_BEFORE_SCROLL, SLOTS_MAX_HEIGHT } from './texts';
import { browserTimeZone, dayKey, longDay, slotLabel, timeZoneChoices, zoneLabel } from './time';
import { MonthDays, monthOf } from './MonthDays';
import type { BookingActionResult, BookingPageView, Slot } from './types';
import { WaitlistJoin } from './WaitlistJoin';

const DAY_MS = 86_400_000;

/** Where availability starts: now, or for a reschedule the start of the next day (docs/contract/portal.md#booking-widget). */
const startOfSearch = (rescheduling: boolean) => {
  if (!rescheduling) return Date.now();
  const tomorrow = new Date();
  tomorrow.setHours(24, 0, 0, 0);
  return tomorrow.getTime();
};

interface Props {
  template: BookingPageView['templates'][number];
  locations: BookingPageView['locations'];
  locationId?: string;
  onLocation: (id: string) => void;
  rescheduling: boolean;
  timeZone?: string;
  onTimeZone: (zone: string) => void;
  onPick: (slot: Slot) => void;
}

/**
 * Calendar (docs/contract/portal.md#booking-widget): the slots of the next 30 days at the chosen location, by day in the chosen time
 * zone, with 12-hour labels. Days are buttons in a month grid (Tab and Enter, each named in full for
 * screen readers); the slot list scrolls past four slots.
 */
export function CalendarStep({ template, locations, locationId, onLocation, rescheduling, timeZone, onTimeZone, onPick }: Props) {
  const { t } = useTranslation('booking');
  const locale = useLocale();
  const browserZone = useMemo(browserTimeZone, []);
  const zone = timeZone ?? browserZone;
  const availability = useFetcher<BookingActionResult>();
  const [selectedDay, setSelectedDay] = useState<string>();
  const [month, setMonth] = useState<string>();

  useEffect(() => {
    availability.submit({ intent: 'availability', templateId: template.id, locationId: locationId ?? null, from: startOfSearch(rescheduling) }, { method: 'post', encType: 'application/json' });
    // The fetcher is stable; reload when the type or location changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template.id, locationId, rescheduling]);

  const result = availability.data;
  const slots = result && 'slots' in result ? result.slots : undefined;
  const byDay = useMemo(() => {
    const days = new Map<string, Slot[]>();
    for (const slot of slots ?? []) {
      const key = dayKey(slot.startTimeInMS, zone);
      const list = days.get(key) ?? [];
      // Several staff free at one time show as one time; the first offered is booked.
      if (!list.some((other) => other.startTimeInMS === slot.startTimeInMS)) days.set(key, [...list, slot]);
    }
    return days;
  }, [slots, zone]);
  const firstDay = result && 'from' in result ? dayKey(result.from, zone) : dayKey(Date.now(), zone);
  const lastDay = result && 'from' in result ? dayKey(result.from + 30 * DAY_MS, zone) : firstDay;
  const day = selectedDay ?? [...byDay.keys()][0] ?? firstDay;
  const shownMonth = month ?? monthOf(day);
  const daySlots = byDay.get(day) ?? [];

  return (
    <Stack gap={1.5} component="section" aria-label={t('chooseTime')}>
      <Stack gap={0.25}>
        <Typography level="title-md" component="h1">
          {template.title}
        </Typography>
        <Typography level="body-sm">{t('minuteAppointment', { minutes: template.durationInMinutes })}</Typography>
      </Stack>
      {locations.length > 0 && (
        <label>
          <Typography level="body-sm" component="span">
            {t('location')}
          </Typography>
          <select value={locationId} onChange={(event) => onLocation(event.target.value)} style={{ display: 'block', width: '100%', padding: 6 }}>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <Typography level="body-sm" component="span">
          {t('timeZone')}
        </Typography>
        <select value={zone} onChange={(event) => onTimeZone(event.target.value)} style={{ display: 'block', width: '100%', padding: 6 }}>
          {timeZoneChoices(browserZone).map((choice) => (
            <option key={choice} value={choice}>
              {zoneLabel(choice)}
            </option>
          ))}
        </select>
      </label>

      <MonthDays month={shownMonth} day={day} available={byDay} firstDay={firstDay} lastDay={lastDay} onMonth={setMonth} onDay={setSelectedDay} />

      <Stack component="section" aria-label={t('timesOn', { day: longDay(day, locale) })} gap={0.5}>
        <Typography level="title-sm" component="h2">
          {longDay(day, locale)}
        </Typography>
        {availability.state !== 'idle' || !result ? (
          <CircularProgress size="sm" aria-label={t('loadingTimes')} />
        ) : 'error' in result ? (
          <Typography color="danger" role="alert">
            {result.error}
          </Typography>
        ) : daySlots.length === 0 ? (
          <Typography level="body-sm">{t('noSlots')}</Typography>
        ) : (
          // Three times a row, so a full day needs little scrolling on a phone; past four the list
          // scrolls inside its 135 px (docs/contract/portal.md#booking-widget), by touch, wheel or keyboard (it takes focus then).
          <Stack
            component="ul"
            role="list"
            aria-label={t('availableTimes')}
            tabIndex={daySlots.length > SLOTS_BEFORE_SCROLL ? 0 : undefined}
            sx={{ listStyle: 'none', p: 0.25, m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 0.5, alignContent: 'start', maxHeight: daySlots.length > SLOTS_BEFORE_SCROLL ? SLOTS_MAX_HEIGHT : undefined, overflowY: 'auto', overscrollBehavior: 'contain', WebkitOverflowScrolling: 'touch' }}
          >
            {daySlots.map((slot) => (
              <li key={`${slot.userId}-${slot.startTimeInMS}`}>
                {/* Rows of 30 px: about four show before the list scrolls, on a phone too. */}
                <Button variant="outlined" size="sm" fullWidth onClick={() => onPick(slot)} sx={{ minHeight: 30, height: 30, px: 0.5, whiteSpace: 'nowrap' }}>
                  {slotLabel(slot.startTimeInMS, zone, locale)}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {!rescheduling && <WaitlistJoin template={template} locationId={locationId} timeZone={zone} />}
    </Stack>
  );
}
