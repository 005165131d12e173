import { Form, Link, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { ListState } from './types';
import { viewFilter, viewHref } from './url-state';

export interface SavedView {
  id: string;
  title: string;
  fields?: string[];
  filter?: Record<string, unknown>;
}

/**
 * The saved views (enduser_views: title, columns as `fields`, the filter values and sort as `filter`)
 * as links, the one shown marked, and a form saving what is shown now under a title.
 */
export function SavedViews({ views, state, allHref, error }: { views: SavedView[]; state: ListState; allHref: string; error?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'saveView';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} alignItems={{ sm: 'flex-end' }} justifyContent="space-between" flexWrap="wrap">
      <Box component="nav" aria-label="Saved views" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <Typography level="body-sm" sx={{ mr: 0.5 }}>
          Views:
        </Typography>
        <ViewLink to={allHref} current={!state.view} label="All" />
        {views.map((view) => (
          <ViewLink key={view.id} to={viewHref(view)} current={state.view === view.id} label={view.title} />
        ))}
      </Box>
      <Form method="post" aria-label="Save this view">
        <input type="hidden" name="intent" value="saveView" />
        <input type="hidden" name="filter" value={JSON.stringify(viewFilter(state))} />
        <input type="hidden" name="fields" value={state.columns.join(',')} />
        <Stack direction="row" gap={1} alignItems="flex-end">
          <FormControl error={!!error} size="sm">
            <FormLabel>View name</FormLabel>
            <Input name="title" size="sm" required placeholder="e.g. Needs follow-up" />
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
          <Button type="submit" size="sm" variant="outlined" loading={saving}>
            Save view
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}

function ViewLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Button component={Link} to={to} size="sm" variant={current ? 'soft' : 'plain'} color={current ? 'primary' : 'neutral'} aria-current={current ? 'page' : undefined}>
      {label}
    </Button>
  );
}
