import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { FormError } from '../../../components/AuthScreen';
import { AnalyticsChart } from '../../../staff/analytics/AnalyticsChart';
import { FrameFields } from '../../../staff/analytics/FrameFields';
import { createFrame, loadFrames, type FrameFormState, type FrameResult } from '../../../staff/analytics/frames.server';
import { groupingLabel, intervalLabel, rangeKeyLabel, resourceLabel } from '../../../staff/analytics/frame-options';
import { Dashboard } from '../../../staff/analytics/Dashboard';
import { loadDashboard } from '../../../staff/analytics/dashboard.server';
import { organizationPatientsLabel } from '../../../staff/shell/shell.server';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireAbility } from '../../../staff/shell/refuse.server';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';
import { formatIn } from '../../../time/format';
import { useResetOnSave } from '../../../staff/useResetOnSave';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Analytics · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const abilities = await staffAbilities(authToken, user);
  requireAbility(abilities, 'analytics_frames', 'read', 'see analytics');
  const timeZone = staffTimeZone(request, user);
  // The dashboard's counts, like the frames' queries, are for Admins (the API decides every call).
  const [frames, charts] = await Promise.all([
    loadFrames(authToken, timeZone),
    abilities.admin ? organizationPatientsLabel(authToken, user.businessId).then((patients) => loadDashboard(authToken, patients, timeZone)) : undefined,
  ]);
  // Creating frames is offered to Admins, who alone may run their queries (the API decides every call).
  return { frames, charts, canCreate: abilities.admin, timeZone };
};

/** Creates a frame; the API's messages go under the field they name (or under the form). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return data<FrameFormState>(await createFrame(authToken, await request.formData(), staffTimeZone(request, user)));
};

/** What a frame counts, in words: 'Patients, per day by date created, grouped by gender'. */
const describe = ({ frame }: FrameResult, timeZone: string) => {
  const day = (at: string | undefined) => (at ? formatIn(at, timeZone, 'date') : '…');
  const grouping = frame.groupByCareTeam ? 'Assigned To' : Object.entries(frame.query.grouping ?? {}).find(([, value]) => value)?.[0];
  const field = grouping === 'Field' ? ` ${String(frame.query.grouping?.Field)}` : '';
  const parts = [resourceLabel(frame.query.resource), frame.query.range ? `${intervalLabel(frame.query.range.interval).toLowerCase()} by ${rangeKeyLabel(frame.query.range.key).toLowerCase()}` : 'in all'];
  const ranges = [
    frame.createdRange && `created ${day(frame.createdRange.from)} to ${day(frame.createdRange.to)}`,
    frame.updatedRange && `updated ${day(frame.updatedRange.from)} to ${day(frame.updatedRange.to)}`,
  ].filter(Boolean);
  return `${parts.join(', ')}${grouping ? `, grouped by ${groupingLabel(grouping).toLowerCase()}${field}` : ''}${ranges.length ? `; ${ranges.join(', ')}` : ''}`;
};

export default function Analytics() {
  const { frames, charts, canCreate, timeZone } = useLoaderData<typeof loader>();
  return (
    <Stack gap={3}>
      <Typography level="h2" component="h1">
        Analytics
      </Typography>
      {charts && <Dashboard charts={charts} />}
      <Typography level="title-lg" component="h2">
        Your charts
      </Typography>
      {frames.length === 0 ? (
        <Typography>No charts of your own yet.{canCreate ? ' Create one below to count patients, appointments or tasks over time.' : ' An Admin can create them.'}</Typography>
      ) : (
        <Stack gap={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {frames.map((result) => {
            const title = result.frame.title || 'Untitled frame';
            return (
              <Card key={result.frame.id} component="li" variant="outlined" aria-labelledby={`frame-${result.frame.id}`}>
                <Typography level="title-md" component="h3" id={`frame-${result.frame.id}`}>
                  {title}
                </Typography>
                <Typography level="body-sm">{describe(result, timeZone)}</Typography>
                {result.refused ? (
                  <Typography color="warning">{result.refused}</Typography>
                ) : result.points && result.points.length > 0 ? (
                  <AnalyticsChart title={title} points={result.points} />
                ) : (
                  <Typography level="body-sm">Nothing counted yet.</Typography>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
      {canCreate && <CreateFrame />}
    </Stack>
  );
}

function CreateFrame() {
  const state = useActionData<typeof action>() as FrameFormState | undefined;
  const navigation = useNavigation();
  const formRef = useResetOnSave(state);
  return (
    <Card variant="outlined" component="section" aria-labelledby="create-frame">
      <Typography level="title-lg" component="h2" id="create-frame">
        Create a chart
      </Typography>
      <Form method="post" ref={formRef} noValidate>
        <Stack gap={2}>
          <FrameFields state={state} />
          <Button type="submit" loading={navigation.state === 'submitting'} sx={{ alignSelf: 'flex-start' }}>
            Create chart
          </Button>
          <FormError message={state?.formError} />
          {state?.saved && (
            <Typography role="status" color="success">
              Chart {state.saved} created
            </Typography>
          )}
        </Stack>
      </Form>
    </Card>
  );
}
