import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import type { StaffChoice } from './calendar.server';

/**
 * Staff whose working hours have no time zone anywhere (their profile, the location their hours name,
 * their organization): the api offers those hours in UTC and records a background error naming them;
 * their calendar says so in plain words and what to do about it.
 */
export function NoZoneWarning({ staff }: { staff: StaffChoice[] }) {
  if (staff.length === 0) return null;
  return (
    <Stack gap={1}>
      {staff.map((member) => (
        <Alert key={member.id} color="warning" variant="soft" role="alert">
          {member.label}’s working hours have no time zone, so patients may be offered the wrong times. Set a time zone in their profile.
        </Alert>
      ))}
    </Stack>
  );
}
