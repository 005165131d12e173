import { useEffect, useState } from 'react';
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
  const fetcher = useFetcher<{ saved?: boolean; problem?: { message: string } }>();
  // The choice shows at once, before its post has even started (routes may first be discovered).
  const [chosen, setChosen] = useState<boolean>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setChosen(undefined);
  }, [fetcher.state, fetcher.data]);
  const checked = chosen ?? shown;
  const problem = fetcher.state === 'idle' ? fetcher.data?.problem?.message : undefined;
  return (
    <Sheet variant="outlined" sx={{ borderRadius: 'md', p: 2 }}>
      <FormControl orientation="horizontal" disabled={!canEdit} error={!!problem} sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <Switch
          checked={checked}
          onChange={(event) => {
            setChosen(event.target.checked);
            fetcher.submit({ intent: 'community-switch', shown: String(event.target.checked) }, { method: 'post' });
          }}
          slotProps={{ input: { 'aria-describedby': 'community-switch-help' } }}
        />
        <div>
          <FormLabel>Show Community in the portal</FormLabel>
          <FormHelperText id="community-switch-help">
            {problem ?? (checked ? 'Patients see Community in their menu and take part in the forums open to them.' : 'Patients do not see Community; its address takes them Home.')}
          </FormHelperText>
        </div>
      </FormControl>
      {fetcher.state === 'idle' && fetcher.data?.saved && (
        <Typography role="status" level="body-xs" color="success" sx={{ mt: 1 }}>
          Saved: the portal shows this now.
        </Typography>
      )}
      {!canEdit && (
        <Typography level="body-xs" sx={{ mt: 1 }}>
          Your role cannot change the portal's pages.
        </Typography>
      )}
    </Sheet>
  );
}
