import { useRef, useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { GROUP_MODES, OPERATORS, groupsOfFilter, type ConditionGroup, type ConditionRow, type GroupMode } from './conditions';
import type { FieldChoice } from './patient-fields';
import { SelectBox } from '../SelectBox';

const BLANK: ConditionRow = { field: '', operator: 'is', value: '' };

type KeyedRow = ConditionRow & { key: number };
type KeyedGroup = { key: number; mode: GroupMode; rows: KeyedRow[] };

/** One condition: "<field> <is / contains / ...> <value>", the value picked from the field's known values (tags in use, a question's answers) or typed. */
function ConditionRowFields({ id, number, group, row, fields, onField, onRemove }: { id: string; number: number; group: number; row: KeyedRow; fields: FieldChoice[]; onField: (field: string) => void; onRemove?: () => void }) {
  const values = fields.find((field) => field.id === row.field)?.values ?? [];
  // The text is state (inputValue) so the server's markup shows a stored value too, not only the page once its script runs.
  const [value, setValue] = useState(row.value);
  return (
    <Box role="group" aria-label={`Condition ${number}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1.2fr 1.5fr auto' }, alignItems: 'end' }}>
      <input type="hidden" name="conditionGroup" value={group} />
      <FormControl>
        <FormLabel htmlFor={`${id}-field`}>Field</FormLabel>
        <SelectBox fullWidth id={`${id}-field`} name="conditionField" onChange={(event) => onField(event.target.value)}>
          <option value="">No condition</option>
          {fields.map((field) => (
            <option key={field.id} value={field.id} selected={field.id === row.field}>
              {field.label}
            </option>
          ))}
          {row.field && !fields.some((field) => field.id === row.field) && (
            <option value={row.field} selected>
              {row.field}
            </option>
          )}
        </SelectBox>
      </FormControl>
      <FormControl>
        <FormLabel htmlFor={`${id}-operator`}>Test</FormLabel>
        <SelectBox fullWidth id={`${id}-operator`} name="conditionOperator">
          {OPERATORS.map((operator) => (
            <option key={operator.id} value={operator.id} selected={operator.id === row.operator}>
              {operator.label}
            </option>
          ))}
        </SelectBox>
      </FormControl>
      <FormControl>
        <FormLabel htmlFor={`${id}-value`}>Value</FormLabel>
        {/* Typed or picked: freeSolo keeps what is typed, autoSelect keeps a highlighted choice on leaving the field. */}
        <Autocomplete
          freeSolo
          autoSelect
          options={[...new Set(values)]}
          defaultValue={row.value}
          inputValue={value}
          onInputChange={(_event, text) => setValue(text)}
          name="conditionValue"
          id={`${id}-value`}
        />
      </FormControl>
      {onRemove ? (
        <Button variant="plain" color="neutral" onClick={onRemove} aria-label={`Remove condition ${number}`}>
          Remove
        </Button>
      ) : (
        <span />
      )}
    </Box>
  );
}

/**
 * Conditions as sentences, in groups: each group needs all of its rows or any one of them, and every
 * group must hold. A row left without a field is dropped on save. The fields and tests are native
 * selects, so the stored conditions post as they are before the page's script runs; adding and
 * removing rows and groups needs it.
 */
export function ConditionRows({ idPrefix, legend, filter, fields }: { idPrefix: string; legend: string; filter: unknown; fields: FieldChoice[] }) {
  const next = useRef(0);
  const keyed = (row: ConditionRow): KeyedRow => ({ ...row, key: (next.current += 1) });
  const [groups, setGroups] = useState<KeyedGroup[]>(() => {
    const stored = groupsOfFilter(filter);
    const start: ConditionGroup[] = stored.length ? stored : [{ mode: 'all', rows: [BLANK] }];
    return start.map((group) => ({ key: (next.current += 1), mode: group.mode, rows: group.rows.map(keyed) }));
  });
  const change = (index: number, update: (group: KeyedGroup) => KeyedGroup) => setGroups((all) => all.map((group, at) => (at === index ? update(group) : group)));
  let number = 0;
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: 'neutral.outlinedBorder', borderRadius: 'sm', p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" level="title-sm" sx={{ px: 0.5 }}>
        {legend}
      </Typography>
      <Typography level="body-sm" sx={{ mb: 1 }}>
        Each group must hold: all of its conditions, or any one of them. Leave the field empty for no condition.
      </Typography>
      <Stack gap={1.5}>
        {groups.map((group, index) => {
          const groupId = `${idPrefix}-group-${index}`;
          return (
            <Box key={group.key} role="group" aria-label={`Group ${index + 1}`} sx={{ borderLeft: '3px solid', borderColor: 'primary.outlinedBorder', pl: 1.5, display: 'grid', gap: 1 }}>
              <FormControl orientation="horizontal" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <FormLabel htmlFor={`${groupId}-mode`}>{index === 0 ? 'Patients who match' : 'and who match'}</FormLabel>
                <SelectBox
                  id={`${groupId}-mode`}
                  name="conditionMode"
                  aria-label={`Group ${index + 1} needs`}
                  onChange={(event) => change(index, (current) => ({ ...current, mode: event.target.value as GroupMode }))}
                >
                  {GROUP_MODES.map((mode) => (
                    <option key={mode.id} value={mode.id} selected={mode.id === group.mode}>
                      {mode.label}
                    </option>
                  ))}
                </SelectBox>
              </FormControl>
              {group.rows.map((row, rowIndex) => {
                number += 1;
                return (
                  <ConditionRowFields
                    key={row.key}
                    id={`${idPrefix}-condition-${number}`}
                    number={number}
                    group={index}
                    row={row}
                    fields={fields}
                    onField={(field) => change(index, (current) => ({ ...current, rows: current.rows.map((other) => (other.key === row.key ? { ...other, field } : other)) }))}
                    onRemove={
                      groups.length > 1 || group.rows.length > 1
                        ? () =>
                            setGroups((all) =>
                              all
                                .map((current, at) => (at === index ? { ...current, rows: current.rows.filter((other) => other.key !== row.key) } : current))
                                .filter((current) => current.rows.length > 0),
                            )
                        : undefined
                    }
                  />
                );
              })}
              <Button
                variant="plain"
                size="sm"
                sx={{ justifySelf: 'start' }}
                aria-label={`Add a condition to group ${index + 1}`}
                onClick={() => change(index, (current) => ({ ...current, rows: [...current.rows, keyed(BLANK)] }))}
              >
                Add a condition
              </Button>
            </Box>
          );
        })}
        <Button variant="outlined" size="sm" color="neutral" sx={{ alignSelf: 'flex-start' }} onClick={() => setGroups((all) => [...all, { key: (next.current += 1), mode: 'any', rows: [keyed(BLANK)] }])}>
          Add a group
        </Button>
      </Stack>
    </Box>
  );
}
