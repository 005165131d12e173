import Button from '../components/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { BookingPageView } from './types';
import { useTranslation } from '../i18n/I18nProvider';

/** PickAppointmentType (docs/contract/portal.md#booking-widget): one button per appointment type of the page. */
export function PickTypeStep({ templates, onPick }: { templates: BookingPageView['templates']; onPick: (id: string) => void }) {
  const { t } = useTranslation('booking');
  return (
    <Stack gap={1} component="section" aria-label={t('appointmentTypes')}>
      <Typography level="title-md" component="h1">
        {t('chooseType')}
      </Typography>
      {templates.map((template) => (
        <Button key={template.id} variant="outlined" onClick={() => onPick(template.id)} sx={{ justifyContent: 'flex-start', flexDirection: 'column', alignItems: 'flex-start' }}>
          <span>{template.title}</span>
          <Typography level="body-xs" component="span">
            {t('minuteAppointment', { minutes: template.durationInMinutes })}
          </Typography>
        </Button>
      ))}
    </Stack>
  );
}
