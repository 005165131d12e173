import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { DecisionList } from '../../../staff/decisions/DecisionList';
import { journeyDecisions } from '../../../staff/decisions/journey-decisions.server';
import { loadJourney } from '../../../staff/journey-form.server';
import { JourneySubpageHeader } from '../../../staff/decisions/JourneySubpageHeader';
import { RecordSection } from '../../../staff/record/RecordSection';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Why steps ran · ${data?.journey.title ?? 'Journey'} · Staff` }];

/** Why the journey's steps ran or were skipped (their conditions), last 30 days, for the patients this staff member may read. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const journey = await loadJourney(authToken, params.id ?? '');
  const lines = await journeyDecisions(authToken, journey.id, staffTimeZone(request, user));
  return { journey: { id: journey.id, title: journey.title }, lines };
};

export default function JourneyDecisionsPage() {
  const { journey, lines } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2}>
      <JourneySubpageHeader journey={journey} heading="Why steps ran" />
      <RecordSection
        id="journey-decisions"
        title="Step conditions, last 30 days"
        empty={lines.length === 0 && 'No step of this journey has conditions that were checked in the last 30 days. Steps with conditions show here each time they are checked.'}
      >
        {lines.length > 0 && <DecisionList lines={lines} />}
      </RecordSection>
    </Stack>
  );
}
