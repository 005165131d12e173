import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import { NativeSelect } from '../NativeSelect';
import { ANALYTICS_RESOURCES, GROUPINGS, groupingLabel, INTERVALS, intervalLabel, RANGE_KEYS, rangeKeyLabel, resourceLabel, type FrameField, type FrameFormState } from './frame-options';

function DateField({ name, label }: { name: string; label: string }) {
  return (
    <FormControl sx={{ flex: '1 1 140px' }}>
      <FormLabel>{label}</FormLabel>
      <Input type="date" name={name} />
    </FormControl>
  );
}

/** The fields of a new analytics frame: what it counts, per which interval, grouped how, over which dates. */
export function FrameFields({ state }: { state?: FrameFormState }) {
  const problem = (field: FrameField) => state?.fieldErrors?.[field];
  return (
    <>
      <FormControl error={!!problem('title')}>
        <FormLabel>Title</FormLabel>
        <Input name="title" />
        {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <NativeSelect id="frame-resource" label="Counts" name="resource" options={ANALYTICS_RESOURCES} labelOf={resourceLabel} />
        <NativeSelect id="frame-interval" label="Interval" name="interval" options={INTERVALS} labelOf={intervalLabel} />
        <NativeSelect id="frame-range-key" label="Dated by" name="rangeKey" options={RANGE_KEYS} labelOf={rangeKeyLabel} help="For counts per day, week or month, on your clock" />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <NativeSelect id="frame-grouping" label="Group by" name="grouping" options={GROUPINGS} labelOf={groupingLabel} />
        <FormControl error={!!problem('field')}>
          <FormLabel>Patient field to group by</FormLabel>
          <Input name="field" placeholder="e.g. state or a custom field" />
          <FormHelperText>{problem('field') ?? 'When grouping by a patient field'}</FormHelperText>
        </FormControl>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Box component="legend" sx={{ mb: 1, fontWeight: 'md' }}>
          Created between
        </Box>
        <DateField name="createdFrom" label="Created from" />
        <DateField name="createdTo" label="Created to" />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Box component="legend" sx={{ mb: 1, fontWeight: 'md' }}>
          Last changed between
        </Box>
        <DateField name="updatedFrom" label="Changed from" />
        <DateField name="updatedTo" label="Changed to" />
      </Box>
      {(problem('query') || problem('createdRange') || problem('updatedRange')) && (
        <FormHelperText sx={{ color: 'danger.plainColor' }}>{problem('query') ?? problem('createdRange') ?? problem('updatedRange')}</FormHelperText>
      )}
    </>
  );
}
