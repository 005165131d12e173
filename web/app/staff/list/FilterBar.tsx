import { Form, Link } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { ListColumn, ListFilter, ListState } from './types';
import { SelectBox } from '../SelectBox';

/**
 * The list's filters and columns as one GET form: submitting it writes them into the page address
 * (so they work without scripts and a view can be reloaded or shared). The sort is kept.
 */
export function FilterBar<Row>({ name, filters, columns, state, clearHref }: { name: string; filters: ListFilter[]; columns: ListColumn<Row>[]; state: ListState; clearHref: string }) {
  const active = Object.keys(state.filters).length > 0;
  return (
    <Form method="get" role="search" aria-label={`Filter ${name}`}>
      {state.sort && <input type="hidden" name="sort" value={state.sort.key} />}
      {state.sort && <input type="hidden" name="dir" value={state.sort.direction === 'descending' ? 'desc' : 'asc'} />}
      <Stack direction="row" gap={1.5} flexWrap="wrap" alignItems="flex-end">
        {filters.map((filter) =>
          filter.kind === 'text' ? (
            <FormControl key={filter.key} sx={{ flex: { xs: '1 1 140px', sm: '1 1 160px' } }}>
              <FormLabel>{filter.label}</FormLabel>
              <Input
                name={filter.key}
                defaultValue={state.filters[filter.key] ?? ''}
                placeholder={filter.placeholder}
                type={filter.key === 'q' ? 'search' : 'text'}
                slotProps={filter.suggestions?.length ? { input: { list: `filter-${filter.key}-suggestions` } } : undefined}
              />
              {filter.suggestions?.length ? (
                <datalist id={`filter-${filter.key}-suggestions`}>
                  {filter.suggestions.map((suggestion) => (
                    <option key={suggestion} value={suggestion} />
                  ))}
                </datalist>
              ) : null}
            </FormControl>
          ) : (
            <FormControl key={filter.key} sx={{ flex: { xs: '1 1 140px', sm: '0 1 200px' }, minWidth: 0 }}>
              <FormLabel htmlFor={`filter-${filter.key}`} id={`filter-${filter.key}-label`}>
                {filter.label}
              </FormLabel>
              <SelectBox id={`filter-${filter.key}`} name={filter.key} defaultValue={state.filters[filter.key] ?? ''}>
                <option value="">{filter.anyLabel}</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectBox>
            </FormControl>
          ),
        )}
        <Stack direction="row" gap={1}>
          <Button type="submit">Apply</Button>
          {active && (
            <Button component={Link} to={clearHref} variant="plain">
              Clear filters
            </Button>
          )}
        </Stack>
      </Stack>
      <Box component="details" sx={{ mt: 1.5 }}>
        <Typography component="summary" level="body-sm" sx={{ cursor: 'pointer', width: 'fit-content' }}>
          Columns
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Typography component="legend" level="body-sm" sx={{ mb: 1 }}>
            Columns to show
          </Typography>
          {columns.map((column) => (
            <Checkbox key={column.key} name="column" value={column.key} label={column.label} defaultChecked={state.columns.includes(column.key)} />
          ))}
        </Box>
      </Box>
    </Form>
  );
}
