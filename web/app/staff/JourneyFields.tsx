import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import type { JourneyField, JourneyFormState } from './journey-form.server';
import { STATE_PRIORITIES, type JourneyState } from './journey-states';
import { SelectBox } from './SelectBox';

const STATES_HINT = 'One state a row, with its priority. Empty a name to remove its state. No states: a single state New.';

/** The journey's states as a list of rows, a state's name and priority each, with two empty rows to add more. */
function StatesList({ states, problem }: { states: JourneyState[]; problem?: string }) {
  const rows = [...states, { name: '', priority: 'N/A' }, { name: '', priority: 'N/A' }];
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: problem ? 'danger.outlinedBorder' : 'neutral.outlinedBorder', borderRadius: 'sm', p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" level="title-sm" sx={{ px: 0.5 }}>
        States
      </Typography>
      <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {rows.map((row, index) => (
          <Box component="li" key={index} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'end' }}>
            <FormControl>
              <FormLabel>{`State ${index + 1}`}</FormLabel>
              <Input name="stateName" defaultValue={row.name} />
            </FormControl>
            <FormControl>
              <FormLabel htmlFor={`state-priority-${index}`}>{`Priority of state ${index + 1}`}</FormLabel>
              <SelectBox fullWidth id={`state-priority-${index}`} name="statePriority">
                {STATE_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority} selected={priority === (row.priority || 'N/A')}>
                    {priority}
                  </option>
                ))}
              </SelectBox>
            </FormControl>
          </Box>
        ))}
      </Box>
      <Typography level="body-sm" color={problem ? 'danger' : 'neutral'} sx={{ mt: 1 }}>
        {problem ?? STATES_HINT}
      </Typography>
    </Box>
  );
}

/** Title, states and default state of a journey, with the API's message under the field it names. */
export function JourneyFields({ state, initial }: { state?: JourneyFormState; initial?: { title: string; states: JourneyState[]; defaultState: string } }) {
  const problem = (field: JourneyField) => state?.fieldErrors?.[field];
  return (
    <>
      <FormControl error={!!problem('title')}>
        <FormLabel>Title</FormLabel>
        <Input name="title" defaultValue={initial?.title} />
        {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
      </FormControl>
      <StatesList states={initial?.states ?? []} problem={problem('states')} />
      <FormControl error={!!problem('defaultState')}>
        <FormLabel>Default state</FormLabel>
        <Input name="defaultState" defaultValue={initial?.defaultState} placeholder="New" />
        <FormHelperText>{problem('defaultState') ?? 'The name of the state patients start in.'}</FormHelperText>
      </FormControl>
    </>
  );
}
