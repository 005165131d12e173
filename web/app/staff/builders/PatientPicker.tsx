import { useEffect, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import Autocomplete from '@mui/joy/Autocomplete';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import type { PatientChoice } from './patient-choices.server';

/** How long typing pauses before patients are searched. */
const SEARCH_DELAY_MS = 250;

/** A patient chosen by name: typing searches the patients the role may see (/staff/patient-choices). */
export function PatientPicker({ label, hint, value, onChange }: { label: string; hint?: string; value: PatientChoice | null; onChange: (patient: PatientChoice | null) => void }) {
  const fetcher = useFetcher<PatientChoice[]>();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => fetcher.load(`/staff/patient-choices?${new URLSearchParams({ q: typed })}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // fetcher changes identity as it loads; the search follows typing only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const options = fetcher.data ?? (value ? [value] : []);
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Autocomplete
        placeholder="Type a name"
        options={options}
        value={value}
        loading={fetcher.state === 'loading'}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        filterOptions={(all) => all}
        onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
        onChange={(_event, chosen) => onChange(chosen)}
        noOptionsText="No patient matches"
        slotProps={{ input: { 'aria-label': label } }}
      />
      {hint && <FormHelperText>{hint}</FormHelperText>}
    </FormControl>
  );
}
