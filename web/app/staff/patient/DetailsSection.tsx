import { useId } from 'react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { NativeSelect } from '../NativeSelect';
import { FactList } from '../record/FactList';
import { RecordSection } from '../record/RecordSection';
import type { DetailRow } from './details.server';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

const NOT_RECORDED = 'Not recorded';

/** One detail's box, of its kind: a menu of choices, checkboxes, a date, a number, a list or a line of text. */
function DetailInput({ row, id, problem }: { row: DetailRow; id: string; problem?: string }) {
  const name = `detail:${row.name}`;
  if (row.kind === 'Select') {
    return <NativeSelect id={id} label={row.name} name={name} options={['', ...row.choices]} labelOf={(option) => option || NOT_RECORDED} defaultValue={row.values[0] ?? ''} help={problem} />;
  }
  if (row.kind === 'Multiple Select') {
    return (
      <FormControl>
        <FormLabel id={`${id}-label`}>{row.name}</FormLabel>
        <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, minHeight: 36, alignItems: 'center' }}>
          {row.choices.map((choice) => (
            <Checkbox key={choice} name={name} value={choice} label={choice} defaultChecked={row.values.includes(choice)} />
          ))}
        </Box>
      </FormControl>
    );
  }
  const box =
    row.kind === 'Multiple Text' ? (
      <Textarea slotProps={{ textarea: { id, 'aria-describedby': `${id}-help` } }} name={name} minRows={2} defaultValue={row.values.join('\n')} />
    ) : (
      <Input
        slotProps={{ input: { id, ...(row.kind === 'Number' ? { inputMode: 'decimal' as const } : {}) } }}
        type={row.kind === 'Date' ? 'date' : 'text'}
        name={name}
        defaultValue={row.kind === 'Date' ? row.values[0] ?? '' : row.value}
      />
    );
  return (
    <FormControl error={!!problem}>
      <FormLabel htmlFor={id}>{row.name}</FormLabel>
      {box}
      {(problem || row.kind === 'Multiple Text') && <FormHelperText id={`${id}-help`}>{problem ?? 'One a line.'}</FormHelperText>}
    </FormControl>
  );
}

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
                <Box key={row.name} sx={row.kind === 'Multiple Text' || row.kind === 'Multiple Select' ? { gridColumn: { sm: '1 / -1' } } : undefined}>
                  <input type="hidden" name="shown" value={row.name} />
                  <DetailInput row={row} id={`${prefix}-${index}`} problem={problem(`detail:${row.name}`)} />
                </Box>
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
