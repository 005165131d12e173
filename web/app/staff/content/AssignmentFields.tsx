import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { PatientPicker } from '../builders/PatientPicker';
import { TagPicker } from '../journey-builder/TagPicker';
import type { TagInUse } from '../journey-builder/tags';
import { useDebouncedAction } from '../builders/useDebouncedAction';
import type { Audience } from './content.server';
import { ASSIGNMENT_TYPES, type AssignmentType, type ContentValues } from './content-values';

const ASSIGNMENT_LABELS: Record<AssignmentType, { label: string; hint: string }> = {
  All: { label: 'All', hint: 'Every patient sees it in their portal.' },
  'By Tags': { label: 'By Tags', hint: 'Patients with any of these tags see it, including patients tagged later.' },
  Manual: { label: 'Manual', hint: 'Only the patients you choose see it.' },
  Individual: { label: 'Individual', hint: 'Made for one patient; it is removed with them.' },
};

/** How long edits pause before the list of patients is worked out again. */
const AUDIENCE_DELAY_MS = 400;

type Assignment = Pick<ContentValues, 'assignmentType' | 'tags' | 'patients' | 'individual'>;

/** The patients the assignment reaches, from the page's action (intent=audience), as the staff member changes it. */
function AudienceList({ assignment }: { assignment: Assignment }) {
  const fetcher = useDebouncedAction<{ audience?: Audience }>({ intent: 'audience', ...assignment }, AUDIENCE_DELAY_MS);
  const audience = fetcher.data?.audience;
  if (!audience) return <Typography level="body-sm">Working out who sees it…</Typography>;
  const more = audience.count - audience.patients.length;
  return (
    <Stack gap={0.5} aria-live="polite">
      <Typography level="title-sm" component="h3">
        {audience.count === 0 ? 'No patient sees it yet' : audience.count === 1 ? '1 patient sees it' : `${audience.count} patients see it`}
      </Typography>
      {audience.patients.length > 0 && (
        <List aria-label="Patients who see it" size="sm" sx={{ '--ListItem-paddingY': '2px', p: 0 }}>
          {audience.patients.map((patient) => (
            <ListItem key={patient.id}>{patient.name}</ListItem>
          ))}
          {more > 0 && <ListItem>and {more} more</ListItem>}
        </List>
      )}
    </Stack>
  );
}

/** Who sees the item: All, By Tags, Manual (chosen patients) or Individual (one patient), and the patients that makes. */
export function AssignmentFields({
  value,
  onChange,
  errors,
  canEdit,
  tagsInUse,
}: {
  value: Assignment;
  onChange: (next: Partial<Assignment>) => void;
  errors: Record<string, string | undefined>;
  canEdit: boolean;
  /** The tags on the clinic's patients (GET /enduser-tags), offered by name. */
  tagsInUse: TagInUse[];
}) {
  return (
    <Stack gap={1.5} component="section" aria-labelledby="assignment-heading">
      <Typography id="assignment-heading" level="title-md" component="h2">
        Who sees it
      </Typography>
      <RadioGroup aria-labelledby="assignment-heading" value={value.assignmentType} onChange={(event) => onChange({ assignmentType: event.target.value as AssignmentType })}>
        {ASSIGNMENT_TYPES.map((type) => (
          <Radio key={type} value={type} label={ASSIGNMENT_LABELS[type].label} disabled={!canEdit} slotProps={{ input: { 'aria-describedby': `assignment-${type.replace(' ', '-')}` } }} />
        ))}
      </RadioGroup>
      <Typography id={`assignment-${value.assignmentType.replace(' ', '-')}`} level="body-sm">
        {ASSIGNMENT_LABELS[value.assignmentType].hint}
      </Typography>
      {value.assignmentType === 'By Tags' && (
        <FormControl error={!!errors.tags}>
          <FormLabel htmlFor="content-tags">Tags</FormLabel>
          <TagPicker id="content-tags" tagsInUse={tagsInUse} value={value.tags} onChange={(tags) => onChange({ tags })} readOnly={!canEdit} />
          <FormHelperText>{errors.tags ?? 'Pick tags in use, or type a new one and press Enter.'}</FormHelperText>
        </FormControl>
      )}
      {value.assignmentType === 'Manual' && canEdit && (
        <Stack gap={1}>
          <PatientPicker
            label="Add a patient"
            value={null}
            onChange={(patient) => patient && !value.patients.some((chosen) => chosen.id === patient.id) && onChange({ patients: [...value.patients, patient] })}
          />
          <Stack direction="row" gap={0.5} flexWrap="wrap" aria-label="Chosen patients" role="list">
            {value.patients.map((patient) => (
              <Chip key={patient.id} role="listitem" endDecorator={<ChipDelete aria-label={`Remove ${patient.name}`} onDelete={() => onChange({ patients: value.patients.filter((chosen) => chosen.id !== patient.id) })} />}>
                {patient.name}
              </Chip>
            ))}
          </Stack>
        </Stack>
      )}
      {value.assignmentType === 'Individual' && canEdit && (
        <Stack gap={0.5}>
          <PatientPicker label="Patient" value={value.individual} onChange={(patient) => onChange({ individual: patient })} />
          {errors.individual && (
            <Typography level="body-sm" color="danger">
              {errors.individual}
            </Typography>
          )}
        </Stack>
      )}
      <AudienceList assignment={value} />
    </Stack>
  );
}
