import { Form, Link as RemixLink, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { Choice, NewAppointmentValues } from './new-appointment.server';
import { ChoiceSelect } from '../ChoiceSelect';

export interface NewAppointmentData {
  patient?: { id: string; name: string };
  q: string;
  matches: Choice[];
  templates: Choice[];
  locations: Choice[];
  staff: Choice[];
  zoneName: string;
  defaults: NewAppointmentValues;
}

/** No patient yet: find them by name (the list shows the first matches, each a link that picks them). */
function FindPatient({ data }: { data: NewAppointmentData }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="find-patient">
      <Typography level="title-lg" component="h2" id="find-patient">
        Who is the appointment for?
      </Typography>
      <Form method="get">
        <input type="hidden" name="date" value={data.defaults.date} />
        <input type="hidden" name="staff" value={data.defaults.userId} />
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
          <FormControl sx={{ flex: 1 }}>
            <FormLabel>Find a patient</FormLabel>
            <Input type="search" name="q" defaultValue={data.q} placeholder="Name, email or phone" />
          </FormControl>
          <Button type="submit">Search</Button>
        </Stack>
      </Form>
      {data.q && data.matches.length === 0 && <Typography level="body-sm">No patient matches “{data.q}”. Check the spelling, or add the patient first.</Typography>}
      {data.matches.length > 0 && (
        <Stack component="ul" aria-label="Matching patients" gap={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.matches.map((match) => (
            <li key={match.id}>
              <Link component={RemixLink} to={`?${new URLSearchParams({ patient: match.id, date: data.defaults.date, staff: data.defaults.userId }).toString()}`}>
                {match.label}
              </Link>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * Booking a patient from the staff app: type, staff member, place, date and time on the viewer's clock.
 * The api checks the time against the same availability as online booking; a refusal (outside their
 * hours, already booked) comes back as the api words it, above the button.
 */
export function NewAppointmentForm({ data, values, formError }: { data: NewAppointmentData; values?: NewAppointmentValues; formError?: string }) {
  const navigation = useNavigation();
  const current = values ?? data.defaults;
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        New appointment{data.patient ? ` for ${data.patient.name}` : ''}
      </Typography>
      {!data.patient && <FindPatient data={data} />}
      {data.patient && data.templates.length === 0 && (
        <Alert color="warning">There are no appointment types yet. An Admin adds them (with their length and reminders) before appointments can be booked.</Alert>
      )}
      {data.patient && data.templates.length > 0 && (
        <Card variant="outlined" component="section" aria-labelledby="appointment-details">
          <Typography level="title-lg" component="h2" id="appointment-details">
            Appointment
          </Typography>
          <Form method="post">
            <input type="hidden" name="patientId" value={data.patient.id} />
            <Stack gap={1.5}>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                <FormControl required>
                  <FormLabel>Type</FormLabel>
                  <ChoiceSelect name="templateId" defaultValue={current.templateId} choices={data.templates.map(({ id, label }) => ({ value: id, label }))} />
                </FormControl>
                <FormControl required>
                  <FormLabel>With</FormLabel>
                  <ChoiceSelect name="userId" defaultValue={current.userId} choices={data.staff.map(({ id, label }) => ({ value: id, label }))} />
                </FormControl>
                <FormControl required>
                  <FormLabel>Date</FormLabel>
                  <Input type="date" name="date" defaultValue={current.date} />
                </FormControl>
                <FormControl required>
                  <FormLabel>Time ({data.zoneName})</FormLabel>
                  <Input type="time" name="time" defaultValue={current.time} slotProps={{ input: { step: 300 } }} />
                </FormControl>
                {data.locations.length > 0 && (
                  <FormControl>
                    <FormLabel>Location</FormLabel>
                    <ChoiceSelect name="locationId" defaultValue={current.locationId} choices={[{ value: '', label: 'No location' }, ...data.locations.map(({ id, label }) => ({ value: id, label }))]} />
                  </FormControl>
                )}
              </Box>
              <Typography level="body-sm">The time must be within the staff member’s working hours and free. The patient is told by email and text.</Typography>
              {formError && (
                <Alert color="danger" role="alert">
                  {formError}
                </Alert>
              )}
              <Stack direction="row" gap={1}>
                <Button type="submit" loading={navigation.state === 'submitting'}>
                  Book appointment
                </Button>
                <Button component={RemixLink} to="/staff/calendar" variant="plain" color="neutral">
                  Back to the calendar
                </Button>
              </Stack>
            </Stack>
          </Form>
        </Card>
      )}
    </Stack>
  );
}
