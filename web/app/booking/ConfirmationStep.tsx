import Alert from '@mui/joy/Alert';
import Button from '../components/Button';
import Checkbox from '@mui/joy/Checkbox';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useState } from 'react';
import { BOOKING_TEXTS } from './texts';
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
  const [ticked, setTicked] = useState<boolean[]>(() => terms.map(() => false));
  const allTicked = ticked.every(Boolean);
  return (
    <Stack gap={1.25} component="section" aria-label="Confirm your appointment">
      <Typography level="title-md" component="h1">
        Confirm your appointment
      </Typography>
      <Stack gap={0.25}>
        <Typography level="title-sm">{template.title}</Typography>
        <Typography level="body-sm">{BOOKING_TEXTS.minuteAppointment(template.durationInMinutes)}</Typography>
        <Typography level="body-sm">{longDateTime(slot.startTimeInMS, timeZone)}</Typography>
        {location && <Typography level="body-sm">Where: {location}</Typography>}
      </Stack>
      {terms.map((term, index) => (
        // The link sits beside the checkbox, not in its label: a click on it opens the term, never ticks it.
        <Stack key={`${term.title}-${index}`} direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Checkbox
            checked={ticked[index]}
            onChange={(event) => setTicked(ticked.map((value, i) => (i === index ? event.target.checked : value)))}
            label={`I agree to the ${term.title}`}
          />
          <Link href={term.link} target="_blank" rel="noreferrer" level="body-sm" aria-label={term.title} sx={{ color: "var(--joy-palette-primary-plainColor)" }}>
            (read)
          </Link>
        </Stack>
      ))}
      {error && (
        <Alert color="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button disabled={!allTicked} loading={submitting} onClick={() => onConfirm(terms)}>
        Confirm Booking
      </Button>
    </Stack>
  );
}
