import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import type { ReactNode } from 'react';
import { SelectBox } from './SelectBox';

/** A native select (works before hydration and with every screen reader) in the look of Joy's inputs. */
export function NativeSelect({
  id,
  label,
  name,
  options,
  help,
  defaultValue,
  labelOf = (option) => option,
  langOf,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  options: readonly string[];
  help?: ReactNode;
  defaultValue?: string;
  labelOf?: (option: string) => string;
  /** The language an option's label is written in, when not the page's (a language named in itself). */
  langOf?: (option: string) => string | undefined;
  /** Told the chosen option (after hydration; the form posts the choice either way). */
  onChange?: (option: string) => void;
}) {
  return (
    <FormControl id={id}>
      <FormLabel>{label}</FormLabel>
      <SelectBox id={id} name={name} defaultValue={defaultValue} onChange={onChange ? (event) => onChange(event.target.value) : undefined}>
        {options.map((option) => (
          <option key={option} value={option} lang={langOf?.(option)}>
            {labelOf(option)}
          </option>
        ))}
      </SelectBox>
      {help && <FormHelperText>{help}</FormHelperText>}
    </FormControl>
  );
}
