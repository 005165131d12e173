import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Textarea from '@mui/joy/Textarea';
import { NativeSelect } from '../NativeSelect';
import type { DetailRow } from './details.server';

export const NOT_RECORDED = 'Not recorded';

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
 * A detail's box in a two-column grid (a list or checkboxes take the whole row), with the mark that
 * tells the server it was shown (details.server.ts applyPostedDetails: an unticked box posts nothing).
 */
export function DetailBox({ row, id, problem }: { row: DetailRow; id: string; problem?: string }) {
  return (
    <Box sx={row.kind === 'Multiple Text' || row.kind === 'Multiple Select' ? { gridColumn: { sm: '1 / -1' } } : undefined}>
      <input type="hidden" name="shown" value={row.name} />
      <DetailInput row={row} id={id} problem={problem} />
    </Box>
  );
}
