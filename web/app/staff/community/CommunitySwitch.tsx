import { useFetcher } from '@remix-run/react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Sheet from '@mui/joy/Sheet';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';

/**
 * The switch for the portal's Community page (docs/contract/portal.md#routes: Community is reachable
 * only with a Community page setting that is not disabled). It saves at once: there is nothing else
 * to fill in.
 */
export function CommunitySwitch({ shown, canEdit }: { shown: boolean; canEdit: boolean }) {
  const fetcher = useFetcher<{ problem?: { message: string } }>();
  const pending = fetcher.formData?.get('shown');
  const checked = pending !== undefined && pending !== null ? pending === 'true' : shown;
  const problem = fetcher.state === 'idle' ? fetcher.data?.problem?.message : undefined;
  return (
    <Sheet variant="outlined" sx={{ borderRadius: 'md', p: 2 }}>
      <FormControl orientation="horizontal" disabled={!canEdit} error={!!problem} sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <Switch
          checked={checked}
          onChange={(event) => fetcher.submit({ intent: 'community-switch', shown: String(event.target.checked) }, { method: 'post' })}
          slotProps={{ input: { 'aria-describedby': 'community-switch-help' } }}
        />
        <div>
          <FormLabel>Show Community in the portal</FormLabel>
          <FormHelperText id="community-switch-help">
            {problem ?? (checked ? 'Patients see Community in their menu and take part in the forums open to them.' : 'Patients do not see Community; its address takes them Home.')}
          </FormHelperText>
        </div>
      </FormControl>
      {!canEdit && (
        <Typography level="body-xs" sx={{ mt: 1 }}>
          Your role cannot change the portal's pages.
        </Typography>
      )}
    </Sheet>
  );
}
