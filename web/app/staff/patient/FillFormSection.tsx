import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';
import { ChoiceSelect } from '../ChoiceSelect';

/**
 * "Fill in a form" on the record: a staff note's form (a visit note), or a patient's form filled in
 * with them at the desk or on the phone. Choosing one opens it, question by question, as the portal
 * shows it; it is kept as this patient's response (a note's as an internal note).
 */
export function FillFormSection({ forms, canFill }: { forms: { id: string; label: string; note?: true }[]; canFill: boolean }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  if (!canFill || forms.length === 0) return null;
  // Notes first: they are what staff fill in most.
  const ordered = [...forms.filter((form) => form.note), ...forms.filter((form) => !form.note)];
  return (
    <RecordSection id="patient-fill-form" title="Fill in a form">
      <Typography level="body-sm">A note for the record, or a form you fill in with the patient at the desk or on the phone.</Typography>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="fill-form" />
        <Stack gap={1}>
          <FormControl error={!!problem('formId')}>
            <FormLabel id="fill-form-label">Form to fill in</FormLabel>
            <ChoiceSelect
              name="formId"
              required
              empty="Choose a form"
              choices={ordered.map((form) => ({ value: form.id, label: form.label, menuText: form.note ? `${form.label} (staff note)` : form.label }))}
              labelledBy="fill-form-label"
            />
            {problem('formId') && <FormHelperText>{problem('formId')}</FormHelperText>}
          </FormControl>
          <Stack direction="row">
            <Button type="submit" variant="outlined" loading={busy}>
              Fill in now
            </Button>
          </Stack>
          <FormNotice state={state} />
        </Stack>
      </fetcher.Form>
    </RecordSection>
  );
}
