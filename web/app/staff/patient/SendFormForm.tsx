import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';
import { ChoiceSelect } from '../ChoiceSelect';

/** "Send a form": one of the clinic's forms, its link by email or text (prepare-form-response, then the message). */
export function SendFormForm({ forms, via }: { forms: { id: string; label: string }[]; via: ('Email' | 'SMS')[] }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  if (via.length === 0) return null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="send-form" />
      <Stack gap={1}>
        <FormControl error={!!problem('formId')}>
          <FormLabel id="send-form-label">Send a form</FormLabel>
          <ChoiceSelect
            name="formId"
            required
            empty={forms.length ? 'Choose a form' : 'No forms yet: build one first'}
            disabled={forms.length === 0}
            choices={forms.map((form) => ({ value: form.id, label: form.label }))}
            labelledBy="send-form-label"
          />
          {problem('formId') && <FormHelperText>{problem('formId')}</FormHelperText>}
        </FormControl>
        <RadioGroup orientation="horizontal" name="via" defaultValue={via[0]} aria-label="Send the form's link by" sx={{ gap: 1.5 }}>
          {via.map((choice) => (
            <Radio key={choice} value={choice} label={choice === 'SMS' ? 'Text message' : 'Email'} size="sm" />
          ))}
        </RadioGroup>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Button type="submit" variant="outlined" loading={busy} disabled={forms.length === 0}>
            Send form
          </Button>
          <FormNotice state={state} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}
