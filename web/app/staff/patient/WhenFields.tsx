import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';

/**
 * When something recorded afterwards happened: a day and a time on the staff member's clock, both
 * optional (empty: now). `name` prefixes the fields' names (`<name>Day`, `<name>Time`), as the
 * action reads them; the day's box carries the answer's problem with both.
 */
export function WhenFields({ prefix, name, dayLabel, values, problem }: { prefix: string; name: string; dayLabel: string; values?: Record<string, string>; problem?: string }) {
  return (
    <>
      <FormControl error={!!problem}>
        <FormLabel htmlFor={`${prefix}-day`}>{dayLabel}</FormLabel>
        <Input type="date" slotProps={{ input: { id: `${prefix}-day` } }} name={`${name}Day`} defaultValue={values?.[`${name}Day`]} />
        <FormHelperText>{problem || 'Leave empty for now.'}</FormHelperText>
      </FormControl>
      <FormControl>
        <FormLabel htmlFor={`${prefix}-time`}>At (optional)</FormLabel>
        <Input type="time" slotProps={{ input: { id: `${prefix}-time` } }} name={`${name}Time`} defaultValue={values?.[`${name}Time`]} />
      </FormControl>
    </>
  );
}
