import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Box from '@mui/joy/Box';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { callApi, formErrorMessage } from '../../../api.server';
import { FormError } from '../../../components/AuthScreen';
import { offsetText } from '../../../staff/dry-run-offset';
import { loadJourney } from '../../../staff/journey-form.server';
import { requireStaff } from '../../../staff/session.server';
import type { FlowStep } from '../../../staff/flowchart';
import { builderChoices } from '../../../staff/journey-builder/builder-choices.server';
import { actionLabel, eventLabel } from '../../../staff/step-shapes';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Dry run · Staff' }];

interface PlannedStep {
  stepId: string;
  atMs?: number;
  eventType: string;
  actionType: string;
  message?: { channel: 'Email' | 'SMS'; to?: string; subject?: string; text?: string; problem?: string };
}
interface DryRun {
  enduser: { fname: string; lname: string; email: string; phone: string };
  steps: PlannedStep[];
  /** How the api produced the steps: the journey workflow on Temporal's time-skipping test server, or the computed plan. */
  run?: { engine: 'temporal-time-skipping' | 'plan'; simulatedMs?: number; truncated?: boolean };
}

const DAY_MS = 86_400_000;
/** One line saying what produced the steps, so staff know whether the workflow itself ran. */
const engineNote = (run: DryRun['run']) => {
  if (run?.engine !== 'temporal-time-skipping') return 'Computed from the steps (the time-skipping test server is not installed).';
  const days = (run.simulatedMs ?? 0) / DAY_MS;
  const span = days >= 1 ? `${Math.round(days * 10) / 10} simulated days` : `${Math.round((run.simulatedMs ?? 0) / 60_000)} simulated minutes`;
  return `Run by the journey workflow itself on Temporal's time-skipping test server (${span})${run.truncated ? ', stopped early: the steps repeat or run years ahead' : ''}.`;
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const journey = await loadJourney(authToken, params.id ?? '');
  const steps = await callApi<FlowStep[]>('/v1/automation-steps', { authToken, query: { filter: JSON.stringify({ journeyId: journey.id }), limit: '1000', sort: 'oldFirst' } });
  // Each planned step reads as the builder names it: what starts it and what it does, records by name.
  const { described } = await builderChoices(authToken, journey, steps);
  return { journey: { id: journey.id, title: journey.title }, words: Object.fromEntries(described.map((step) => [step.id, { trigger: step.trigger, summary: step.summary }])) };
};

/** Runs the dry run through the API (reads only: nothing is sent, no enduser is touched). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  const enduser = Object.fromEntries(['fname', 'lname', 'email', 'phone'].map((key) => [key, String(form.get(key) ?? '')]));
  try {
    return data({ run: await callApi<DryRun>('/v1/dry-run-journey', { method: 'POST', authToken, body: { journeyId: params.id, enduser } }) });
  } catch (error) {
    return data({ error: formErrorMessage(error) });
  }
};

const WAITS: Record<string, string> = {
  formResponse: 'Waits for a form response',
  formUnsubmitted: 'Waits for a form left unsubmitted',
  ticketCompleted: 'Waits for a ticket to be completed',
  waitForTrigger: 'Waits for a trigger',
};

function PlannedMessage({ message }: { message: NonNullable<PlannedStep['message']> }) {
  if (message.problem) return <Typography color="warning">{message.problem}</Typography>;
  return (
    <Stack gap={0.5}>
      <Typography level="body-sm">To {message.to}</Typography>
      {message.subject !== undefined && (
        <Typography level="title-sm">
          Subject: <span>{message.subject}</span>
        </Typography>
      )}
      <Box component="blockquote" sx={{ m: 0, p: 1.5, borderLeft: '3px solid', borderColor: 'primary.outlinedBorder', bgcolor: 'background.level1', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Box>
    </Stack>
  );
}

export default function JourneyDryRun() {
  const { journey, words } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { run?: DryRun; error?: string } | undefined;
  const navigation = useNavigation();
  return (
    <Stack gap={3}>
      <Stack gap={0.5}>
        <Link component={RemixLink} to={`/staff/journeys/${journey.id}`}>Back to {journey.title}</Link>
        <Typography level="h2" component="h1">
          Dry run: {journey.title}
        </Typography>
        <Typography>Runs the journey's steps for a test enduser on a simulated clock, with templates rendered. Nothing is sent and no enduser is touched.</Typography>
      </Stack>
      <Card variant="outlined" component="section" aria-labelledby="test-enduser">
        <Typography level="title-lg" component="h2" id="test-enduser">
          Test enduser
        </Typography>
        <Form method="post">
          <Stack gap={2}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
              <FormControl>
                <FormLabel>First name</FormLabel>
                <Input name="fname" defaultValue="Test" />
              </FormControl>
              <FormControl>
                <FormLabel>Last name</FormLabel>
                <Input name="lname" defaultValue="Enduser" />
              </FormControl>
              <FormControl>
                <FormLabel>Email</FormLabel>
                <Input name="email" type="email" defaultValue="test.enduser@example.com" />
              </FormControl>
              <FormControl>
                <FormLabel>Phone</FormLabel>
                <Input name="phone" type="tel" defaultValue="+15555550100" />
              </FormControl>
            </Box>
            <Button type="submit" loading={navigation.state === 'submitting'} sx={{ alignSelf: 'flex-start' }}>
              Dry run
            </Button>
            <FormError message={answer?.error} />
          </Stack>
        </Form>
      </Card>
      {answer?.run && (
        <Stack component="section" aria-labelledby="planned-steps" gap={2}>
          <Typography level="title-lg" component="h2" id="planned-steps">
            Planned steps ({answer.run.steps.length})
          </Typography>
          <Typography level="body-sm">{engineNote(answer.run.run)}</Typography>
          {answer.run.steps.length === 0 ? (
            <Typography>This journey has no steps that start on their own.</Typography>
          ) : (
            <Stack component="ol" gap={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
              {answer.run.steps.map((step, index) => (
                <Card key={`${step.stepId}-${index}`} component="li" variant="outlined" aria-label={`Step ${index + 1}: ${step.message?.channel ?? actionLabel(step.actionType)}`}>
                  <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
                    <Chip variant="soft" color="primary">
                      {step.atMs === undefined ? WAITS[step.eventType] ?? `Waits: ${eventLabel(step.eventType)}` : offsetText(step.atMs)}
                    </Chip>
                    <Typography level="title-md">
                      {words[step.stepId]?.summary ?? actionLabel(step.actionType)}
                      {step.message ? ' (would be sent)' : ''}
                    </Typography>
                  </Stack>
                  {words[step.stepId] && <Typography level="body-sm">{words[step.stepId]!.trigger}</Typography>}
                  {step.message && <PlannedMessage message={step.message} />}
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
