import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import flowStyles from '@xyflow/react/dist/style.css?url';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { FormError } from '../../../components/AuthScreen';
import { startBulkAdd } from '../../../staff/bulk-add.server';
import { AddEndusers, BulkAddStatus, JourneyMembers } from '../../../staff/JourneyEndusers';
import { callApi } from '../../../api.server';
import type { FlowStep } from '../../../staff/flowchart';
import { JourneyFlowchart } from '../../../staff/JourneyFlowchart';
import { JourneyFields } from '../../../staff/JourneyFields';
import { addEndusers, journeyMembers, removeEndusers, searchEndusers, type MembersResult } from '../../../staff/journey-members.server';
import { loadJourney, submitJourney, type JourneyFormState } from '../../../staff/journey-form.server';
import { staffAbilities } from '../../../staff/permissions.server';
import { JourneyLinks } from '../../../staff/decisions/JourneyLinks';
import { requireStaff } from '../../../staff/session.server';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { ChangeSteps, type BuilderStep } from '../../../staff/journey-builder/ChangeSteps';
import { deleteStep, moveStep, submitStep } from '../../../staff/step-form.server';
import { builderChoices } from '../../../staff/journey-builder/builder-choices.server';
import type { StepFormState } from '../../../staff/step-shapes';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

// React Flow's own styles, for the builder's canvas (drawn once the page runs in the browser).
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `${view?.journey.title ?? 'Journey'} · Staff` }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const search = new URL(request.url).searchParams;
  const q = search.get('q')?.trim() ?? '';
  const editStepId = search.get('step') ?? '';
  const jobId = search.get('job') ?? '';
  const [journey, abilities, steps, words] = await Promise.all([
    loadJourney(authToken, params.id ?? ''),
    staffAbilities(authToken, user),
    callApi<FlowStep[]>('/v1/automation-steps', { authToken, query: { filter: JSON.stringify({ journeyId: params.id ?? '' }), limit: '1000', sort: 'oldFirst' } }),
    patientWords(authToken, user.businessId),
  ]);
  // A role that may not read endusers sees the journey without them (the api would refuse the lists).
  const readsEndusers = abilities.can('endusers', 'read');
  const [members, found] = readsEndusers
    ? await Promise.all([journeyMembers(authToken, journey), q ? searchEndusers(authToken, journey.id, q) : null])
    : [[], null];
  const stepAbilities = { create: abilities.can('automation_steps', 'create'), update: abilities.can('automation_steps', 'update'), delete: abilities.can('automation_steps', 'delete') };
  // The records steps point at, by name: for the sentences every reader sees, and the form's lists.
  const { choices, described } = await builderChoices(authToken, journey, steps);
  return {
    words,
    choices,
    stepAbilities,
    editStepId: stepAbilities.update && steps.some((step) => step.id === editStepId) ? editStepId : '',
    journey: { id: journey.id, title: journey.title, defaultState: journey.defaultState ?? '', states: journey.states ?? [] },
    members,
    steps: described.map(({ id, events, action, flowchartUI, enduserConditions, trigger, summary }) => ({ id, events, action, flowchartUI, enduserConditions, trigger, summary })),
    q,
    found,
    canEdit: abilities.can('journeys', 'update'),
    // As the api decides: adding reads the endusers, removing updates them.
    canAdd: abilities.can('endusers', 'read'),
    canRemove: abilities.can('endusers', 'update'),
    jobId,
  };
};

type ActionResult = JourneyFormState & MembersResult & StepFormState;

/**
 * One form per job, told apart by `intent`: save the journey (the API's messages under the field
 * they name), add picked endusers, add every enduser a search finds (a job the page follows), remove.
 */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const id = params.id ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const picked = form.getAll('enduserId').map(String);
  const words = () => patientWords(authToken, user.businessId);
  if (intent === 'saveStep') return data<ActionResult>(await submitStep(authToken, id, form));
  if (intent === 'moveStep') return data<ActionResult>(await moveStep(authToken, form));
  if (intent === 'deleteStep') return data<ActionResult>(await deleteStep(authToken, String(form.get('stepId') ?? '')));
  if (intent === 'add') return data<ActionResult>(await addEndusers(authToken, id, picked, await words()));
  if (intent === 'remove') return data<ActionResult>(await removeEndusers(authToken, id, picked, await words()));
  if (intent === 'addAll') {
    await loadJourney(authToken, id);
    const q = String(form.get('q') ?? '').trim();
    const job = startBulkAdd(authToken, user.id, id, q);
    // The job is named in the address, not in the action's answer: the page revalidates while it runs
    // (live updates of the endusers it adds, and once at the end), which would drop an action's answer
    // and the progress with it; a reload keeps following the job too.
    return redirect(`/staff/journeys/${id}?${new URLSearchParams({ ...(q ? { q } : {}), job })}`);
  }
  return data<ActionResult>(await submitJourney(authToken, form, id));
};

export default function JourneyPage() {
  const { words, journey, canEdit, members, steps, q, found, canAdd, canRemove, choices, stepAbilities, editStepId, jobId } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  return (
    <Stack gap={2}>
      <Link component={RemixLink} to="/staff/journeys">All journeys</Link>
      <Typography level="h2" component="h1">
        {journey.title}
      </Typography>
      <JourneyLinks journeyId={journey.id} />
      <Stack gap={1} aria-live="polite">
        {state?.notice && (
          <Typography role="status" color="success">
            {state.notice}
          </Typography>
        )}
        <FormError message={state?.membersError} />
        {jobId && <BulkAddStatus key={jobId} jobId={jobId} words={words} />}
      </Stack>
      <JourneyFlowchart steps={steps as FlowStep[]} canMove={stepAbilities.update} />
      {(stepAbilities.create || stepAbilities.update || stepAbilities.delete) && (
        <ChangeSteps steps={steps as BuilderStep[]} choices={choices} abilities={stepAbilities} editStepId={editStepId} state={state} busy={navigation.state === 'submitting'} />
      )}
      <JourneyMembers members={members} canChange={canRemove} words={words} />
      {canAdd && <AddEndusers q={q} found={found} words={words} />}
      {canEdit ? (
        <Card variant="outlined" component="section" aria-labelledby="edit-journey">
          <Typography level="title-lg" component="h2" id="edit-journey">
            Edit journey
          </Typography>
          {/* key: after a save the fields start again from what the API stored. */}
          <Form method="post" noValidate key={JSON.stringify(journey)}>
            <Stack gap={2}>
              <JourneyFields state={state} initial={{ title: journey.title, states: journey.states, defaultState: journey.defaultState }} />
              <Button type="submit" loading={navigation.state === 'submitting'} sx={{ alignSelf: 'flex-start' }}>
                Save journey
              </Button>
              <FormError message={state?.formError} />
              {state?.saved && (
                <Typography role="status" color="success">
                  Journey {state.saved} saved
                </Typography>
              )}
            </Stack>
          </Form>
        </Card>
      ) : (
        <Card variant="outlined" component="section" aria-labelledby="journey-states">
          <Typography level="title-lg" component="h2" id="journey-states">
            States
          </Typography>
          <FormError message={state?.formError} />
          <Typography component="ul">
            {journey.states.map((item) => (
              <li key={item.name}>
                {item.name} ({item.priority ?? 'N/A'}){item.name === journey.defaultState ? ', default' : ''}
              </li>
            ))}
          </Typography>
        </Card>
      )}
    </Stack>
  );
}
