import Button from '../components/Button';
import IconButton from '../components/IconButton';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { Icon } from '../components/icons';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { longDay, monthTitle, weekdayInitials } from './time';

const DAY_MS = 86_400_000;

export const monthOf = (key: string) => key.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The days of a month as YYYY-MM-DD keys, with blanks before the first so weeks start on Sunday. */
const monthGrid = (month: string) => {
  const first = Date.parse(`${month}-01T00:00:00Z`);
  const blanks = new Date(first).getUTCDay();
  const days: (string | undefined)[] = Array.from({ length: blanks }, () => undefined);
  for (let day = first; new Date(day).toISOString().slice(0, 7) === month; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
};

interface Props {
  /** The month shown, YYYY-MM. */
  month: string;
  /** The chosen day, YYYY-MM-DD. */
  day: string;
  /** The days with free times. */
  available: ReadonlyMap<string, unknown>;
  firstDay: string;
  lastDay: string;
  onMonth: (month: string) => void;
  onDay: (day: string) => void;
}

/**
 * The booking calendar's month: previous and next month, and the days as buttons in a grid
 * (Tab and Enter, each named in full for screen readers), days outside the search disabled.
 */
export function MonthDays({ month, day, available, firstDay, lastDay, onMonth, onDay }: Props) {
  const { t } = useTranslation('booking');
  const locale = useLocale();
  return (
    <>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <IconButton aria-label={t('previousMonth')} size="sm" disabled={month <= monthOf(firstDay)} onClick={() => onMonth(shiftMonth(month, -1))}>
          <Icon name="chevronLeft" />
        </IconButton>
        <Typography level="title-sm" component="h2" aria-live="polite">
          {monthTitle(month, locale)}
        </Typography>
        <IconButton aria-label={t('nextMonth')} size="sm" disabled={month >= monthOf(lastDay)} onClick={() => onMonth(shiftMonth(month, 1))}>
          <Icon name="chevronLeft" sx={{ transform: 'rotate(180deg)' }} />
        </IconButton>
      </Stack>
      <Stack role="group" aria-label={t('dates')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
        {weekdayInitials(locale).map((name) => (
          <Typography key={name} level="body-xs" textAlign="center" aria-hidden>
            {name}
          </Typography>
        ))}
        {monthGrid(month).map((key, index) =>
          key ? (
            <Button
              key={key}
              size="sm"
              variant={key === day ? 'solid' : available.has(key) ? 'soft' : 'plain'}
              color={available.has(key) || key === day ? 'primary' : 'neutral'}
              aria-pressed={key === day}
              aria-label={available.has(key) ? t('dayAvailable', { day: longDay(key, locale) }) : longDay(key, locale)}
              disabled={key < firstDay || key > lastDay}
              onClick={() => onDay(key)}
              sx={{ minHeight: 32, minWidth: 0, px: 0, fontWeight: available.has(key) ? 'lg' : 'md' }}
            >
              {Number(key.slice(8))}
            </Button>
          ) : (
            <span key={`blank-${index}`} />
          ),
        )}
      </Stack>
    </>
  );
}
