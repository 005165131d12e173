import { Link } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { newAppointmentHref } from '../calendar/calendar-links';
import { RecordHeader } from '../record/RecordHeader';
import { birthDateAndAge } from './patient-name';

const PREFERENCE: Record<string, string> = { email: 'Email', sms: 'Text message', call: 'Phone call', chat: 'Portal chat' };
const NONE = 'Not given';

export interface HeaderView {
  name: string;
  enduser: { id?: string; email?: string; phone?: string; dateOfBirth?: string; preference?: string; tags?: string[]; timezone?: string };
  assigned: string[];
  journeys: { journeyId: string; title: string; state: string }[];
}

const chips = (values: string[], empty: string) =>
  values.length === 0 ? (
    empty
  ) : (
    <Stack direction="row" flexWrap="wrap" gap={0.5} component="span">
      {values.map((value) => (
        <Chip key={value} size="sm" variant="soft">
          {value}
        </Chip>
      ))}
    </Stack>
  );

/**
 * Who the patient is at a glance, as a chart's banner shows it (Medplum's PatientSummary): date of
 * birth and age, how to reach them and how they prefer it, tags, who looks after them and where they
 * are in each journey. `today` comes from the server so both renders agree.
 */
export function PatientHeader({ view, today }: { view: HeaderView; today: string }) {
  const { enduser } = view;
  const contact = [enduser.email, enduser.phone].filter(Boolean).join(' · ');
  return (
    <RecordHeader
      back={{ to: '/staff/patients', label: 'All patients' }}
      title={view.name}
      subtitle={enduser.timezone ? `Patient · their clock: ${enduser.timezone.replace(/_/g, ' ')}` : 'Patient'}
      actions={
        enduser.id && (
          <Button component={Link} to={newAppointmentHref({ patient: enduser.id })} variant="outlined" size="sm">
            Book appointment
          </Button>
        )
      }
      facts={[
        { label: 'Date of birth', value: birthDateAndAge(enduser.dateOfBirth, new Date(today)) ?? NONE },
        { label: 'Contact', value: contact || 'No email or phone yet: add one in the profile' },
        { label: 'Prefers', value: (enduser.preference && PREFERENCE[enduser.preference]) || NONE },
        { label: 'Tags', value: chips(enduser.tags ?? [], 'No tags') },
        { label: 'Assigned to', value: chips(view.assigned, 'Nobody yet') },
        { label: 'Journeys', value: chips(view.journeys.map((journey) => (journey.state ? `${journey.title}: ${journey.state}` : journey.title)), 'In no journey') },
      ]}
    />
  );
}
