import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { LinkedAppointment } from './appointment-links.server';

/** The appointment a link page is about: what, when (the patient's clock, zone named), how long, where. */
export function LinkedAppointmentFacts({ appointment }: { appointment: Pick<LinkedAppointment, 'title' | 'when' | 'durationInMinutes' | 'place'> }) {
  return (
    <Stack component="section" aria-label="Your appointment" gap={0.25}>
      <Typography level="title-md">{appointment.title}</Typography>
      <Typography level="body-md">{appointment.when}</Typography>
      <Typography level="body-sm">{appointment.durationInMinutes} minutes</Typography>
      {appointment.place && <Typography level="body-sm">Where: {appointment.place}</Typography>}
    </Stack>
  );
}

/** What a link page says about an appointment that is no longer booked. */
export const LINK_STATE_TEXTS = {
  cancelled: 'This appointment is already cancelled.',
  rescheduled: 'This appointment was already moved to another time. Please use the links in your newest confirmation email.',
  started: 'This link has expired: the appointment has already started.',
} as const;
