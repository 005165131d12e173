import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import type { LinkedAppointment } from './appointment-links.server';
import { longDateTime } from './time';

/** The appointment a link page is about: what, when (the patient's clock, zone named), how long, where. */
export function LinkedAppointmentFacts({ appointment }: { appointment: Pick<LinkedAppointment, 'title' | 'when' | 'startTimeInMS' | 'timezone' | 'durationInMinutes' | 'place'> }) {
  const { t } = useTranslation('patientLinks');
  const locale = useLocale();
  const when = appointment.startTimeInMS !== undefined && appointment.timezone ? longDateTime(appointment.startTimeInMS, appointment.timezone, locale) : appointment.when;
  return (
    <Stack component="section" aria-label={t('yourAppointment')} gap={0.25}>
      <Typography level="title-md">{appointment.title}</Typography>
      <Typography level="body-md">{when}</Typography>
      <Typography level="body-sm">{t('minutes', { count: appointment.durationInMinutes })}</Typography>
      {appointment.place && <Typography level="body-sm">{t('where', { place: appointment.place })}</Typography>}
    </Stack>
  );
}
