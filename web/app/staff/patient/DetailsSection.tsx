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
import { DetailBox, NOT_RECORDED } from './DetailBox';
import type { DetailRow } from './details.server';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

/**
 * The patient's other details: those the clinic keeps about everyone (Settings > Patient details),
 * each in a box of its kind, then what imports, forms and journeys stored under other names. Cleared
 * boxes remove a detail; a new one is a name and a value where the clinic allows details of staff's
 * own. The form is drawn anew from the saved details after each save (its key).
 */
export function DetailsSection({ rows, canEdit, othersAllowed }: { rows: DetailRow[]; canEdit: boolean; othersAllowed: boolean }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  const mine = state?.intent === 'details' ? state : undefined;
  const prefix = useId();
  const editable = rows.filter((row) => row.editable);
  if (!canEdit) {
    return (
      <RecordSection id="patient-details" title="Other details">
        {rows.length ? (
          <FactList facts={rows.map((row) => ({ label: row.name, value: row.value || NOT_RECORDED }))} />
        ) : (
          <Typography level="body-sm">No other details about this patient.</Typography>
        )}
      </RecordSection>
    );
  }
  return (
    <RecordSection id="patient-details" title="Other details">
      <fetcher.Form method="post" key={JSON.stringify(rows)}>
        <input type="hidden" name="intent" value="details" />
        <Stack gap={1.5}>
          {rows.length === 0 &&
            (othersAllowed ? (
              <Typography level="body-sm">No other details yet. Add what your clinic keeps about a patient, for example their insurance.</Typography>
            ) : (
              <Typography level="body-sm">Your clinic keeps no details beyond the profile. An Admin can add them in Settings, Patient details.</Typography>
            ))}
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            {rows.map((row, index) =>
              row.editable ? (
                <DetailBox key={row.name} row={row} id={`${prefix}-${index}`} problem={problem(`detail:${row.name}`)} />
              ) : (
                <FactList key={row.name} facts={[{ label: row.name, value: row.value || NOT_RECORDED }]} />
              ),
            )}
          </Box>
          {editable.some((row) => !row.defined || row.kind !== 'Multiple Select') && <Typography level="body-sm">Clear a box to remove that detail.</Typography>}
          {othersAllowed && (
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
          )}
          {(editable.length > 0 || othersAllowed) && (
            <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
              <Button type="submit" loading={busy}>
                Save details
              </Button>
              <FormNotice state={mine} />
            </Stack>
          )}
        </Stack>
      </fetcher.Form>
    </RecordSection>
  );
}
