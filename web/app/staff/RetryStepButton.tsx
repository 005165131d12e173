import { useFetcher } from '@remix-run/react';
import Button from '../components/Button';
import Typography from '@mui/joy/Typography';
import type { RetryResult } from './retry-step.server';

/**
 * A failed step's Retry button: posts `intent=retry` to the page's own action (which calls the
 * api), shows "Retrying…" while the request is out, then the api's refusal or that the retry was
 * requested. The step's own status (retrying, finished after retry, failed again) is the page's data.
 */
export function RetryStepButton({ actionId, label }: { actionId: string; label: string }) {
  const fetcher = useFetcher<RetryResult>();
  const busy = fetcher.state !== 'idle';
  const answer = busy ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="actionId" value={actionId} />
      <Button type="submit" size="sm" variant="outlined" loading={busy} loadingPosition="start" aria-label={`Retry ${label}`}>
        {busy ? 'Retrying…' : 'Retry'}
      </Button>
      <Typography role="status" level="body-xs" color={answer?.retryError ? 'danger' : 'neutral'} sx={{ display: 'block' }}>
        {answer?.retryError ?? (answer?.retried ? 'Retry requested' : '')}
      </Typography>
    </fetcher.Form>
  );
}

/** How a step's status reads once staff retried it (progress.retries > 0). */
export const retriedStatusLabel = (status: string | undefined, retries: number | undefined) => {
  if (!retries) return undefined;
  if (status === 'active') return 'retrying';
  if (status === 'finished') return 'finished after retry';
  if (status === 'error') return 'failed again';
  return undefined;
};
