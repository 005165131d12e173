import { useEffect, useState, type ReactNode } from 'react';
import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { BulkActionBar } from './BulkActionBar';
import { SortHeader } from './SortHeader';
import type { BulkAction, ListColumn, ListState } from './types';

export interface RecordListProps<Row> {
  /** The table's accessible name ('Patients list'). */
  label: string;
  columns: ListColumn<Row>[];
  state: ListState;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** How a row is named to a screen reader (its checkbox reads 'Select <name>'). */
  rowName: (row: Row) => string;
  /** Bulk actions; without them rows cannot be chosen. */
  bulkActions?: BulkAction[];
  /** 'patient' / 'patients', for the bar's count. */
  noun?: (count: number) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** The next page's address (keyset), when there is one; the first page's when this is not it. */
  nextPage?: string;
  firstPage?: string;
}

/**
 * The staff app's one list (ARCHITECTURE.md, "The staff app"; CONVENTIONS.md 13b): a table with
 * proper headers and sort buttons on a wide screen, a card per row on a phone, rows chosen by their
 * checkboxes with a bulk-action bar, an empty state, and keyset paging. Screens give it columns,
 * rows and actions; the sort, filters and columns live in the page address (url-state.ts).
 */
export function RecordList<Row>({ label, columns, state, rows, rowKey, rowName, bulkActions = [], noun = () => 'rows', empty, nextPage, firstPage }: RecordListProps<Row>) {
  const shown = columns.filter((column) => state.columns.includes(column.key));
  const [chosen, setChosen] = useState<string[]>([]);
  const keys = rows.map(rowKey);
  // A new page of rows (sorting, filtering, paging, an action done) starts with nothing chosen.
  const signature = keys.join(',');
  useEffect(() => setChosen([]), [signature]);
  const selectable = bulkActions.length > 0;
  const toggle = (key: string, on: boolean) => setChosen((list) => (on ? [...new Set([...list, key])] : list.filter((item) => item !== key)));
  const all = chosen.length === keys.length && keys.length > 0;
  if (!rows.length) return <>{empty}</>;
  return (
    <Stack gap={1.5}>
      {/* Words wrap whole ('Unassigned' never splits into 'Unassigne d'); a table wider than the page, many columns on a narrow screen, scrolls sideways inside its frame. */}
      <Sheet variant="outlined" sx={{ borderRadius: 'md', overflowX: 'auto', display: { xs: 'none', md: 'block' } }}>
        <Table
          aria-label={label}
          hoverRow
          stickyHeader
          sx={{
            // Joy's default hover shade (background.level3) leaves the row's link-coloured buttons below 4.5:1; level1 keeps them readable.
            '--TableRow-hoverBackground': 'var(--joy-palette-background-level1)',
            tableLayout: 'auto',
            '& td': { overflowWrap: 'break-word' },
            '& th:first-of-type, & td:first-of-type': selectable ? { width: 48 } : {},
          }}
        >
          <thead>
            <tr>
              {selectable && (
                <th scope="col">
                  <Checkbox
                    size="sm"
                    checked={all}
                    indeterminate={chosen.length > 0 && !all}
                    onChange={(event) => setChosen(event.target.checked ? keys : [])}
                    slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
                  />
                </th>
              )}
              {shown.map((column) => (
                <SortHeader key={column.key} column={column} state={state} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key} aria-selected={selectable ? chosen.includes(key) : undefined}>
                  {selectable && (
                    <td>
                      <Checkbox size="sm" checked={chosen.includes(key)} onChange={(event) => toggle(key, event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${rowName(row)}` } }} />
                    </td>
                  )}
                  {shown.map((column) => (
                    <td key={column.key}>{column.cell(row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Sheet>
      <Box component="ul" aria-label={label} sx={{ display: { xs: 'flex', md: 'none' }, flexDirection: 'column', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const key = rowKey(row);
          const [first, ...rest] = shown;
          return (
            <Sheet component="li" key={key} variant="outlined" sx={{ borderRadius: 'md', p: 1.5, display: 'flex', gap: 1.5 }}>
              {selectable && <Checkbox size="sm" checked={chosen.includes(key)} onChange={(event) => toggle(key, event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${rowName(row)}` } }} />}
              <Stack gap={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
                {first && <Typography level="title-sm">{first.cell(row)}</Typography>}
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
                  {rest.map((column) => (
                    <Box key={column.key} sx={{ display: 'contents' }}>
                      <Typography component="dt" level="body-xs" sx={{ color: 'text.secondary' }}>
                        {column.label}
                      </Typography>
                      <Typography component="dd" level="body-sm" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {column.cell(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Stack>
            </Sheet>
          );
        })}
      </Box>
      {(nextPage || firstPage) && (
        <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 2 }}>
          {firstPage && (
            <Link component={RemixLink} to={firstPage} preventScrollReset={false}>
              First page
            </Link>
          )}
          {nextPage && <Link component={RemixLink} to={nextPage}>Next page</Link>}
        </Box>
      )}
      {selectable && <BulkActionBar ids={chosen} actions={bulkActions} onClear={() => setChosen([])} noun={noun} />}
    </Stack>
  );
}
