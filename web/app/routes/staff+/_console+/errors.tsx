import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { callApi, formErrorMessage } from '../../../api.server';
import { FormError } from '../../../components/AuthScreen';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireStaff } from '../../../staff/session.server';
import { retryRefusal } from '@carelane/automation';
import { retriedStatusLabel, RetryStepButton } from '../../../staff/RetryStepButton';
import { retryStep, type RetryResult } from '../../../staff/retry-step.server';
import { useRevalidateWhile } from '../../../components/useRevalidateWhile';
import { actionLabel, eventLabel } from '../../../staff/step-shapes';
import { errorReason, errorTitle } from '../../../staff/plain-language';
import { requireAbility } from '../../../staff/shell/refuse.server';
import { formatIn } from '../../../time/format';
import { staffTimeZone } from '../../../time/viewer-zone.server';

const RETRY_POLL_MS = 1_500;

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Background errors · Staff' }];

interface BackgroundError {
  id: string;
  title: string;
  message: string;
  createdAt?: string;
  acknowledgedAt?: string;
  journeyId?: string;
  enduserId?: string;
}
interface FailedStep {
  id: string;
  enduserId: string;
  journeyId: string;
  status?: string;
  event?: { type?: string };
  action?: { type?: string };
  progress?: { retries?: number; error?: string };
}

/** Automation errors name their automated action ('Automated action <id> (step …) failed: …'). */
const namedActionId = (message: string) => /^Automated action ([0-9a-f]{24}) /.exec(message)?.[1];

/**
 * Unacknowledged background errors, newest first, each with its enduser, journey and the failing
 * step: the automated action the error's message names (background errors carry no step id of
 * their own), else the enduser's failed automated action of that journey.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const abilities = await staffAbilities(authToken, user);
  requireAbility(abilities, 'background_errors', 'read', 'see background errors');
  const [allErrors, failed, journeys] = await Promise.all([
    callApi<BackgroundError[]>('/v1/background-errors', { authToken, query: { limit: '200', sort: 'newFirst' } }),
    // A role that may not read the steps or journeys still sees the errors, without them.
    callApi<FailedStep[]>('/v1/automated-actions', { authToken, query: { filter: JSON.stringify({ status: 'error' }), limit: '1000', sort: 'newFirst' } }).catch(() => [] as FailedStep[]),
    callApi<{ id: string; title: string }[]>('/v1/journeys', { authToken, query: { limit: '1000' } }).catch(() => []),
  ]);
  const errors = allErrors.filter((error) => !error.acknowledgedAt);
  // Steps named by an error that are no longer failed (retried: running or finished) are read by id.
  const named = [...new Set(errors.map((error) => namedActionId(error.message)).filter((id): id is string => Boolean(id)))];
  const missing = named.filter((id) => !failed.some((step) => step.id === id));
  const retried = missing.length
    ? await callApi<FailedStep[]>('/v1/automated-actions', { authToken, query: { filter: JSON.stringify({ _id: { _in: missing } }), limit: '1000' } })
    : [];
  const steps = [...failed, ...retried];
  const titles = new Map(journeys.map((journey) => [journey.id, journey.title]));
  const canRetry = abilities.can('automated_actions', 'update');
  const zone = staffTimeZone(request, user);
  return {
    errors: errors
      .map((error) => {
        const actionId = namedActionId(error.message);
        const step = actionId
          ? steps.find((candidate) => candidate.id === actionId)
          : failed.find((candidate) => candidate.enduserId === error.enduserId && candidate.journeyId === error.journeyId);
        return {
          id: error.id,
          // In words: the catalogue's label for the step, the failure's reason without the ids the worker records.
          title: errorTitle(error.title),
          message: errorReason(error.message),
          // On the staff member's clock (docs/decisions.md, "times on the viewer's clock").
          at: error.createdAt ? formatIn(error.createdAt, zone, 'dateTime') : '',
          enduserId: error.enduserId,
          journey: error.journeyId ? (titles.get(error.journeyId) ?? 'a journey that was deleted') : undefined,
          step: step ? `${eventLabel(step.event?.type ?? '')}: ${actionLabel(step.action?.type ?? '')}` : undefined,
          stepId: step?.id,
          stepStatus: step?.status,
          retries: step?.progress?.retries,
          canRetry: canRetry && step !== undefined && retryRefusal(step) === null,
        };
      }),
    canAcknowledge: abilities.can('background_errors', 'update'),
  };
};

/** Acknowledges an error: it leaves the list (the record stays, with acknowledgedAt). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  if (form.get('intent') === 'retry') return data({ formError: undefined as string | undefined, ...(await retryStep(authToken, String(form.get('actionId') ?? ''))) });
  try {
    await callApi(`/v1/background-error/${encodeURIComponent(String(form.get('errorId') ?? ''))}`, {
      method: 'PATCH',
      authToken,
      body: { updates: { acknowledgedAt: new Date().toISOString() } },
    });
    return data({ formError: undefined as string | undefined });
  } catch (error) {
    return data({ formError: formErrorMessage(error) as string | undefined });
  }
};

export default function BackgroundErrors() {
  const { errors, canAcknowledge } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A retried step runs in its journey's workflow: follow it until it has finished or failed again.
  useRevalidateWhile(errors.some((error) => error.stepStatus === 'active'), RETRY_POLL_MS);
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Background errors
      </Typography>
      <FormError message={result?.formError ?? (result as RetryResult | undefined)?.retryError} />
      {errors.length === 0 ? (
        <Typography>No background errors.</Typography>
      ) : (
        <Stack gap={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {errors.map((error) => (
            <Card key={error.id} component="li" variant="outlined" aria-label={error.title}>
              <Typography level="title-md" component="h2">
                {error.title}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{error.message}</Typography>
              <Typography level="body-sm">
                {[error.journey && `Journey: ${error.journey}`, error.step && `Failing step: ${error.step}`, error.at]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
                {error.enduserId && <Link component={RemixLink} to={`/staff/patients/${error.enduserId}`}>Open the patient</Link>}
                {error.retries ? (
                  <Chip size="sm" variant="soft" color={error.stepStatus === 'finished' ? 'success' : error.stepStatus === 'error' ? 'danger' : 'primary'}>
                    {retriedStatusLabel(error.stepStatus, error.retries)}
                  </Chip>
                ) : null}
                {error.canRetry && error.stepId && error.stepStatus === 'error' && <RetryStepButton actionId={error.stepId} label={error.title} />}
                {canAcknowledge && (
                  <Form method="post">
                    <input type="hidden" name="errorId" value={error.id} />
                    <Button type="submit" size="sm" variant="outlined" aria-label={`Acknowledge ${error.title}`}>
                      Acknowledge
                    </Button>
                  </Form>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
