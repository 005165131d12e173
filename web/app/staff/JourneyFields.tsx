import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Textarea from '@mui/joy/Textarea';
import type { JourneyField, JourneyFormState } from './journey-form.server';

const STATES_HINT = "One state a line: 'Name' or 'Name | Priority' (Disengaged, N/A or Engaged). Empty: a single state New.";

/** Title, states and default state of a journey, with the API's message under the field it names. */
export function JourneyFields({ state, initial }: { state?: JourneyFormState; initial?: { title: string; states: string; defaultState: string } }) {
  const problem = (field: JourneyField) => state?.fieldErrors?.[field];
  return (
    <>
      <FormControl error={!!problem('title')}>
        <FormLabel>Title</FormLabel>
        <Input name="title" defaultValue={initial?.title} />
        {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
      </FormControl>
      <FormControl error={!!problem('states')}>
        <FormLabel>States</FormLabel>
        <Textarea name="states" minRows={3} defaultValue={initial?.states} placeholder={'New\nActive | Engaged\nLost | Disengaged'} />
        <FormHelperText>{problem('states') ?? STATES_HINT}</FormHelperText>
      </FormControl>
      <FormControl error={!!problem('defaultState')}>
        <FormLabel>Default state</FormLabel>
        <Input name="defaultState" defaultValue={initial?.defaultState} placeholder="New" />
        {problem('defaultState') && <FormHelperText>{problem('defaultState')}</FormHelperText>}
      </FormControl>
    </>
  );
}
