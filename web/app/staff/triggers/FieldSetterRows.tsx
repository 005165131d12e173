import { useRef, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import type { FieldChoice } from '../journey-builder/patient-fields';
import { SETTER_TYPES, type FieldSetter } from './trigger-shapes';
import { SelectBox } from '../SelectBox';

type KeyedSetter = FieldSetter & { key: number };

/**
 * Set Fields as rows: the field (picked by what staff call it, or a new custom field typed by name),
 * how it is set, and the value. Posts setterName (the field's own name), setterType and setterValue per row.
 */
export function FieldSetterRows({ setters, fields }: { setters: FieldSetter[]; fields: FieldChoice[] }) {
  const next = useRef(0);
  const blank = (): KeyedSetter => ({ name: '', type: 'Custom Value', value: '', key: (next.current += 1) });
  const [rows, setRows] = useState<KeyedSetter[]>(() => (setters.length ? setters.map((setter) => ({ ...setter, key: (next.current += 1) })) : [blank()]));
  // Tags are changed by the tag actions, not set as a field.
  const settable = fields.filter((field) => field.id !== 'tags');
  const labelOf = (name: string) => settable.find((field) => field.id === name)?.label ?? name;
  const nameOf = (label: string) => settable.find((field) => field.label === label)?.id ?? label.trim();
  const update = (key: number, change: Partial<FieldSetter>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <Stack gap={1}>
      {rows.map((row, index) => {
        const id = `trigger-setter-${index}`;
        const dated = row.type === 'Current Date' || row.type === 'Current Timestamp';
        return (
          <Box key={row.key} role="group" aria-label={`Field to set ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1.4fr 1.5fr auto' }, alignItems: 'end' }}>
            <FormControl>
              <FormLabel htmlFor={`${id}-name`}>Patient field</FormLabel>
              {/* The text is state (inputValue) so the server's markup shows the stored field's name too, not only the page once its script runs. */}
              <Autocomplete
                id={`${id}-name`}
                freeSolo
                autoSelect
                options={settable.map((field) => field.label)}
                defaultValue={row.name ? labelOf(row.name) : ''}
                inputValue={row.name ? labelOf(row.name) : ''}
                onInputChange={(_event, label) => update(row.key, { name: nameOf(label) })}
                placeholder="Pick a field or type a new one"
              />
              <input type="hidden" name="setterName" value={row.name} />
            </FormControl>
            <FormControl>
              <FormLabel htmlFor={`${id}-type`}>Set it</FormLabel>
              <SelectBox fullWidth id={`${id}-type`} name="setterType" onChange={(event) => update(row.key, { type: event.target.value })}>
                {SETTER_TYPES.map((type) => (
                  <option key={type.id} value={type.id} selected={type.id === row.type}>
                    {type.label}
                  </option>
                ))}
              </SelectBox>
            </FormControl>
            <FormControl>
              <FormLabel htmlFor={`${id}-value`}>{row.type === 'Increment Number' ? 'By' : 'Value'}</FormLabel>
              <Input
                slotProps={{ input: { id: `${id}-value` } }}
                name="setterValue"
                type={row.type === 'Increment Number' ? 'number' : 'text'}
                // Read-only rather than disabled: a disabled input does not post, and the rows' values must stay in step.
                readOnly={dated}
                placeholder={dated ? 'Filled in when it runs' : undefined}
                defaultValue={row.value}
              />
            </FormControl>
            {rows.length > 1 ? (
              <Button variant="plain" color="neutral" aria-label={`Remove field to set ${index + 1}`} onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}>
                Remove
              </Button>
            ) : (
              <span />
            )}
          </Box>
        );
      })}
      <Button variant="plain" size="sm" sx={{ alignSelf: 'flex-start' }} onClick={() => setRows((all) => [...all, blank()])}>
        Set another field
      </Button>
    </Stack>
  );
}
