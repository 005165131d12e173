import { Form, Link, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Button from '../../components/Button';
import { cellValue, LEVELS, OPERATION_LABELS, OPERATIONS, RECORD_TYPES, type RoleRecord } from './record-types';
import { SelectBox } from '../SelectBox';

/** The configured roles as links (the chosen one in the address), the current one marked. */
export function RolePicker({ roles, current }: { roles: { role: string }[]; current?: string }) {
  return (
    <Box component="nav" aria-label="Roles" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {roles.map(({ role }) => (
        <Button
          key={role}
          component={Link}
          to={`?role=${encodeURIComponent(role)}`}
          size="sm"
          variant={role === current ? 'soft' : 'outlined'}
          color={role === current ? 'primary' : 'neutral'}
          aria-current={role === current ? 'page' : undefined}
        >
          {role}
        </Button>
      ))}
    </Box>
  );
}

/**
 * A table from 600 px; on a phone each record type is a block of its four choices, two by two, each
 * named above it (the column headings are hidden there; every choice keeps its own label).
 */
const MATRIX_SX = {
  '& th': { whiteSpace: 'normal', overflow: 'visible' },
  '& th:first-of-type': { width: 200 },
  '@media (max-width: 599px)': {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, py: 1, borderBottom: '1px solid', borderColor: 'divider' },
    '& tbody th, & tbody td': { display: 'block', height: 'auto', border: 'none', p: 0, width: 'auto' },
    '& tbody th, & tbody th:first-of-type': { gridColumn: '1 / -1', width: 'auto', borderBottom: 'none' },
    '& tbody td::before': { content: 'attr(data-label)', display: 'block', fontSize: 'sm', color: 'text.secondary' },
  },
} as const;

function LevelCell({ record, resource, label, operation, editable }: { record: RoleRecord; resource: string; label: string; operation: (typeof OPERATIONS)[number]; editable: boolean }) {
  const value = cellValue(record.permissions, resource, operation);
  if (!editable) return <>{LEVELS.find(([level]) => level === value)?.[1]}</>;
  // `selected` on the option, not defaultValue on the select: hydration would undo an early choice (see StepForm).
  return (
    <SelectBox fullWidth name={`${resource}.${operation}`} aria-label={`${label}: ${OPERATION_LABELS[operation]}`}>
      {LEVELS.map(([level, text]) => (
        <option key={level} value={level} selected={level === value}>
          {text}
        </option>
      ))}
    </SelectBox>
  );
}

/** One role's access per record type and action; a form the root admin saves, a table for everyone else. */
export function RoleMatrix({ record, editable }: { record: RoleRecord; editable: boolean }) {
  const busy = useNavigation().state === 'submitting';
  const table = (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="sm" aria-label={`What ${record.role} may do`} sx={MATRIX_SX}>
        <thead>
          <tr>
            <th scope="col">Record type</th>
            {OPERATIONS.map((operation) => (
              <th key={operation} scope="col">
                {OPERATION_LABELS[operation]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RECORD_TYPES.map(([resource, label]) => (
            <tr key={resource}>
              <th scope="row">{label}</th>
              {OPERATIONS.map((operation) => (
                <td key={operation} data-label={OPERATION_LABELS[operation]}>
                  <LevelCell record={record} resource={resource} label={label} operation={operation} editable={editable} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Box>
  );
  if (!editable) return table;
  return (
    <Form method="post">
      <Stack gap={1.5}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="role" value={record.role} />
        {table}
        <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          Save {record.role}’s permissions
        </Button>
      </Stack>
    </Form>
  );
}
