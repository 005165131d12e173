import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../components/Button';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { longDateTime } from './time';
import type { BookedAppointment } from './types';

interface Props {
  title?: string;
  description?: string;
  booked?: BookedAppointment;
  timeZone: string;
}

/**
 * The widget's last step (docs/contract/portal.md#booking-widget): the page's thanks, then what was booked (time with its
 * zone, place), Add to calendar (the confirmation email's calendar file) and the way to the portal.
 */
export function BookedStep({ title, description, booked, timeZone }: Props) {
  const { t } = useTranslation('booking');
  const locale = useLocale();
  return (
    <Stack gap={1.25} alignItems="center" textAlign="center" py={2}>
      <Stack gap={1} role="status" alignItems="center">
        <Typography level="h2" component="h1" sx={{ fontFamily: 'inherit', fontSize: 'xl' }}>
          {title ?? t('thankYouTitle')}
        </Typography>
        <Typography level="body-md" sx={{ fontFamily: 'inherit' }}>
          {description ?? t('thankYouDescription')}
        </Typography>
      </Stack>
      {booked && (
        <Stack component="section" aria-label={t('yourAppointment')} gap={0.25} sx={{ width: '100%', textAlign: 'left', borderTop: '1px solid', borderColor: 'divider', pt: 1.25 }}>
          <Typography level="title-sm">{booked.title}</Typography>
          <Typography level="body-sm">{longDateTime(booked.startTimeInMS, timeZone, locale)}</Typography>
          <Typography level="body-sm">{t('minuteAppointment', { minutes: booked.durationInMinutes })}</Typography>
          {booked.place && <Typography level="body-sm">{booked.place}</Typography>}
        </Stack>
      )}
      {booked?.calendarLink && (
        <Button component="a" href={booked.calendarLink} download="appointment.ics" variant="outlined" fullWidth>
          {t('addToCalendar')}
        </Button>
      )}
      {booked?.portalLink && (
        <Link href={booked.portalLink} level="body-sm" sx={{ color: 'var(--joy-palette-primary-plainColor)' }}>
          {t('goToPortal')}
        </Link>
      )}
    </Stack>
  );
}
