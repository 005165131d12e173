import Alert from '@mui/joy/Alert';
import Button from '../components/Button';
import Checkbox from '@mui/joy/Checkbox';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { longDateTime } from './time';
import type { BookingPageView, Slot } from './types';

interface Props {
  template: BookingPageView['templates'][number];
  slot: Slot;
  timeZone: string;
  /** Where: the location's name and address, or 'Video visit'. */
  location?: string;
  terms: BookingPageView['terms'];
  submitting: boolean;
  error?: string;
  onConfirm: (agreedToTerms: BookingPageView['terms']) => void;
}

/** Confirmation (docs/contract/portal.md#booking-widget): what will be booked, and every term of the page ticked before booking. */
export function ConfirmationStep({ template, slot, timeZone, location, terms, submitting, error, onConfirm }: Props) {
  const { t } = useTranslation('booking');
  const locale = useLocale();
  const [ticked, setTicked] = useState<boolean[]>(() => terms.map(() => false));
  const allTicked = ticked.every(Boolean);
  return (
    <Stack gap={1.25} component="section" aria-label={t('confirmTitle')}>
      <Typography level="title-md" component="h1">
        {t('confirmTitle')}
      </Typography>
      <Stack gap={0.25}>
        <Typography level="title-sm">{template.title}</Typography>
        <Typography level="body-sm">{t('minuteAppointment', { minutes: template.durationInMinutes })}</Typography>
        <Typography level="body-sm">{longDateTime(slot.startTimeInMS, timeZone, locale)}</Typography>
        {location && <Typography level="body-sm">{t('where', { place: location })}</Typography>}
      </Stack>
      {terms.map((term, index) => (
        // The link sits beside the checkbox, not in its label: a click on it opens the term, never ticks it.
        <Stack key={`${term.title}-${index}`} direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Checkbox
            checked={ticked[index]}
            onChange={(event) => setTicked(ticked.map((value, i) => (i === index ? event.target.checked : value)))}
            label={t('agreeTo', { title: term.title })}
          />
          <Link href={term.link} target="_blank" rel="noreferrer" level="body-sm" aria-label={term.title} sx={{ color: "var(--joy-palette-primary-plainColor)" }}>
            {t('readTerm')}
          </Link>
        </Stack>
      ))}
      {error && (
        <Alert color="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button disabled={!allTicked} loading={submitting} onClick={() => onConfirm(terms)}>
        {t('confirmBooking')}
      </Button>
    </Stack>
  );
}
