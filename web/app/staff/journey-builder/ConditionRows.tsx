import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { OPERATORS, rowsOfFilter, type ConditionRow } from './conditions';
import type { FieldChoice } from './patient-fields';
import { selectStyle } from './select-style';

const BLANK: ConditionRow = { field: '', operator: 'is', value: '' };

/**
 * Conditions as sentences: each row reads "<field> <is / contains / ...> <value>", all of them must
 * hold. The stored rows and one blank row to add another (two at least); a row left without a field is
 * dropped on save. Native selects, so it works before the page's script runs.
 */
export function ConditionRows({ idPrefix, legend, filter, fields }: { idPrefix: string; legend: string; filter: unknown; fields: FieldChoice[] }) {
  const stored = rowsOfFilter(filter);
  const rows = [...stored, ...Array.from({ length: Math.max(1, 2 - stored.length) }, () => BLANK)];
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: 'neutral.outlinedBorder', borderRadius: 'sm', p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" level="title-sm" sx={{ px: 0.5 }}>
        {legend}
      </Typography>
      <Typography level="body-sm" sx={{ mb: 1 }}>
        Every row filled in must hold. Leave the field empty for no condition.
      </Typography>
      {rows.map((row, index) => {
        const id = `${idPrefix}-condition-${index}`;
        const values = fields.find((field) => field.id === row.field)?.values ?? fields.flatMap((field) => field.values ?? []);
        return (
          <Box key={id} role="group" aria-label={`Condition ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1.2fr 1.5fr' }, mb: 1 }}>
            <FormControl>
              <FormLabel htmlFor={`${id}-field`}>Field</FormLabel>
              <select id={`${id}-field`} name="conditionField" style={selectStyle}>
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
              </select>
            </FormControl>
            <FormControl>
              <FormLabel htmlFor={`${id}-operator`}>Test</FormLabel>
              <select id={`${id}-operator`} name="conditionOperator" style={selectStyle}>
                {OPERATORS.map((operator) => (
                  <option key={operator.id} value={operator.id} selected={operator.id === row.operator}>
                    {operator.label}
                  </option>
                ))}
              </select>
            </FormControl>
            <FormControl>
              <FormLabel htmlFor={`${id}-value`}>Value</FormLabel>
              <Input slotProps={{ input: { id: `${id}-value`, list: `${id}-values` } }} name="conditionValue" defaultValue={row.value} />
              <datalist id={`${id}-values`}>
                {[...new Set(values)].map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            </FormControl>
          </Box>
        );
      })}
    </Box>
  );
}
