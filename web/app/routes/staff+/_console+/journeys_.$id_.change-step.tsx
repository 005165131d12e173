import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { FormError } from '../../../components/AuthScreen';
import { loadJourney } from '../../../staff/journey-form.server';
import { changeStep, delayedSteps } from '../../../staff/live-change/live-change.server';
import { StepChangeForm } from '../../../staff/live-change/StepChangeForm';
import { StepChangePlan } from '../../../staff/live-change/StepChangePlan';
import { JourneySubpageHeader } from '../../../staff/decisions/JourneySubpageHeader';
import { RecordSection } from '../../../staff/record/RecordSection';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `Change a delay · ${view?.journey.title ?? 'Journey'} · Staff` }];

/** The journey's steps that wait, to change one's delay for the patients already in it. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const journey = await loadJourney(authToken, params.id ?? '');
  const { steps } = await delayedSteps(authToken, journey.id);
  return { journey: { id: journey.id, title: journey.title }, steps };
};

/** Preview (reads only) or apply, through the api with the staff member's own token. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const values = { stepId: String(form.get('stepId') ?? ''), delay: String(form.get('delay') ?? ''), unit: String(form.get('unit') ?? '') };
  return data({ values, ...(await changeStep(authToken, params.id ?? '', form, staffTimeZone(request, user))) });
};

export default function ChangeStepPage() {
  const { journey, steps } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Which button was pressed, while its request is under way (the other waits).
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : undefined;
  const chosen = steps.find((step) => step.id === answer?.values.stepId) ?? steps[0];
  const values = answer?.values ?? { stepId: chosen?.id ?? '', delay: chosen ? String(chosen.delay) : '', unit: chosen?.unit ?? 'Days' };
  return (
    <Stack gap={2}>
      <JourneySubpageHeader journey={journey} heading="Change a delay" />
      <RecordSection
        id="change-step"
        title="The change"
        empty={steps.length === 0 && 'This journey has no step that waits before it runs. Add one on the journey page first.'}
      >
        {steps.length > 0 && (
          <>
            <Typography level="body-sm">Preview first to see whose pending sends move. Applying moves them in the running journeys; no patient gets a step twice.</Typography>
            <StepChangeForm steps={steps} values={values} sending={sending} />
            <FormError message={answer?.error} />
          </>
        )}
      </RecordSection>
      {answer?.plan && <StepChangePlan plan={answer.plan} />}
    </Stack>
  );
}
