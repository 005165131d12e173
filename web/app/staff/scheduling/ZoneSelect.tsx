import { useMemo } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import { timeZoneOptions, zoneLabel } from './zones';

/**
 * A searchable choice of time zone (Joy's Autocomplete over the runtime's IANA zones): typing
 * "new york" or "EST" finds America/New_York. Empty means "not set".
 */
export function ZoneSelect({
  label,
  value,
  onChange,
  disabled,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  hint?: string;
  error?: string;
}) {
  const options = useMemo(() => timeZoneOptions(), []);
  const selected = value ? options.find((option) => option.value === value) ?? { value, label: zoneLabel(value) } : null;
  return (
    <FormControl error={!!error} disabled={disabled}>
      <FormLabel>{label}</FormLabel>
      <Autocomplete
        options={options}
        value={selected}
        onChange={(_event, option) => onChange(option?.value ?? '')}
        isOptionEqualToValue={(option, current) => option.value === current.value}
        getOptionLabel={(option) => option.label}
        placeholder="Search by city or zone"
        disabled={disabled}
        variant={disabled ? 'soft' : 'outlined'}
        autoHighlight
        slotProps={{ listbox: { sx: { maxHeight: 320 } } }}
      />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
