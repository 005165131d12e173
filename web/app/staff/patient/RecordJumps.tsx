import Box from '@mui/joy/Box';
import JoyLink from '@mui/joy/Link';

export interface RecordJump {
  /** The id of the section's heading. */
  id: string;
  label: string;
}

/**
 * The record's parts as links under its header, so a long record (a phone stacks some fifteen
 * sections) is one tap from its tasks or files; each lands on its section's heading. A count says
 * what waits there ('Tasks · 2 open').
 */
export function RecordJumps({ jumps }: { jumps: RecordJump[] }) {
  return (
    <Box component="nav" aria-label="Parts of this record">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {jumps.map((jump) => (
          <li key={jump.id}>
            <JoyLink href={`#${jump.id}`} level="body-sm" variant="outlined" color="neutral" underline="none" sx={{ mx: 0, borderRadius: 'xl', px: 1.25, py: 0.5 }}>
              {jump.label}
            </JoyLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

const counted = (label: string, count: number, what = '') => (count > 0 ? `${label} · ${count}${what}` : label);

/** The jumps a record shows: the day's work first, then what is known, in the page's own order. */
export const recordJumps = (view: {
  journeys: unknown[];
  notes: unknown[];
  files: unknown[];
  carePlans: unknown[];
  tasks: { done: boolean }[];
}): RecordJump[] => [
  { id: 'patient-calls', label: 'Calls' },
  { id: 'patient-timeline', label: 'Timeline' },
  { id: 'patient-profile', label: 'Profile' },
  { id: 'patient-vitals', label: 'Vital signs' },
  { id: 'patient-journeys', label: counted('Journeys', view.journeys.length) },
  { id: 'patient-notes', label: counted('Notes', view.notes.length) },
  { id: 'patient-files', label: counted('Files', view.files.length) },
  { id: 'patient-care-plans', label: counted('Care plans', view.carePlans.length) },
  { id: 'patient-superbills', label: 'Superbills' },
  { id: 'patient-tasks', label: counted('Tasks', view.tasks.filter((task) => !task.done).length, ' open') },
];
