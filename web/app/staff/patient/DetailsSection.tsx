import { useId } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { FactList } from '../record/FactList';
import { RecordSection } from '../record/RecordSection';
import type { DetailRow } from './details.server';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

/**
 * The patient's other details (custom fields): what imports, forms and journeys stored about them,
 * each under its own name. Text is changed in place and cleared to remove it; a new detail is a name
 * and a value. The form is drawn anew from the saved details after each save (its key).
 */
export function DetailsSection({ rows, canEdit }: { rows: DetailRow[]; canEdit: boolean }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  const mine = state?.intent === 'details' ? state : undefined;
  const prefix = useId();
  if (!canEdit) {
    return (
      <RecordSection id="patient-details" title="Other details">
        {rows.length ? <FactList facts={rows.map((row) => ({ label: row.name, value: row.value }))} /> : <Typography level="body-sm">No other details about this patient.</Typography>}
      </RecordSection>
    );
  }
  return (
    <RecordSection id="patient-details" title="Other details">
      <fetcher.Form method="post" key={rows.map((row) => `${row.name}=${row.value}`).join('\u0000')}>
        <input type="hidden" name="intent" value="details" />
        <Stack gap={1.5}>
          {rows.length === 0 && <Typography level="body-sm">No other details yet. Add what your clinic keeps about a patient, for example their insurance.</Typography>}
          {rows.map((row, index) =>
            row.editable ? (
              <FormControl key={row.name}>
                <FormLabel htmlFor={`${prefix}-${index}`}>{row.name}</FormLabel>
                <Input slotProps={{ input: { id: `${prefix}-${index}` } }} name={`detail:${row.name}`} defaultValue={row.value} />
              </FormControl>
            ) : (
              <FactList key={row.name} facts={[{ label: row.name, value: row.value }]} />
            ),
          )}
          {rows.some((row) => row.editable) && <Typography level="body-sm">Clear a box to remove that detail.</Typography>}
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormControl error={!!problem('newDetailName')}>
              <FormLabel htmlFor={`${prefix}-new-name`}>New detail</FormLabel>
              <Input slotProps={{ input: { id: `${prefix}-new-name` } }} name="newDetailName" placeholder="e.g. Insurance" />
              {problem('newDetailName') && <FormHelperText>{problem('newDetailName')}</FormHelperText>}
            </FormControl>
            <FormControl error={!!problem('newDetailValue')}>
              <FormLabel htmlFor={`${prefix}-new-value`}>Its value</FormLabel>
              <Input slotProps={{ input: { id: `${prefix}-new-value` } }} name="newDetailValue" />
              {problem('newDetailValue') && <FormHelperText>{problem('newDetailValue')}</FormHelperText>}
            </FormControl>
          </Box>
          <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
            <Button type="submit" loading={busy}>
              Save details
            </Button>
            <FormNotice state={mine} />
          </Stack>
        </Stack>
      </fetcher.Form>
    </RecordSection>
  );
}
