import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { ApiError, callApi, formErrorMessage } from '../api.server';
import { FormError } from '../components/AuthScreen';
import { requireStaff } from '../staff/session.server';
import { enduserName } from './staff._console.endusers._index';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [{ title: `${view ? enduserName(view.enduser) : 'Enduser'} · Staff console` }];

interface Enduser {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
  journeys?: Record<string, string>;
}
interface AutomatedAction {
  id: string;
  journeyId: string;
  status: string;
  processAfter: number;
  event?: { type?: string };
  action?: { type?: string };
}

/** The API's statuses, as staff read them: 'active' is a step still waiting to run. */
const STATUS_LABEL: Record<string, string> = { active: 'pending', finished: 'finished', cancelled: 'cancelled', error: 'error' };
const STATUS_COLOR = { active: 'primary', finished: 'success', cancelled: 'neutral', error: 'danger' } as const;

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id ?? '';
  let enduser: Enduser;
  try {
    enduser = await callApi<Enduser>(`/v1/enduser/${encodeURIComponent(id)}`, { authToken });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new Response('Not found', { status: 404 });
    throw error;
  }
  const [journeys, actions] = await Promise.all([
    callApi<{ id: string; title: string }[]>('/v1/journeys', { authToken, query: { limit: '1000' } }),
    callApi<AutomatedAction[]>('/v1/automated-actions', { authToken, query: { filter: JSON.stringify({ enduserId: id }), limit: '200', sort: 'newFirst' } }),
  ]);
  const titles = new Map(journeys.map((journey) => [journey.id, journey.title]));
  return {
    enduser: { id: enduser.id, fname: enduser.fname, lname: enduser.lname, email: enduser.email, phone: enduser.phone },
    journeys: Object.entries(enduser.journeys ?? {}).map(([journeyId, state]) => ({ journeyId, title: titles.get(journeyId) ?? journeyId, state })),
    actions: actions.map((action) => ({
      id: action.id,
      journey: titles.get(action.journeyId) ?? action.journeyId,
      status: action.status,
      processAfter: action.processAfter,
      event: action.event?.type ?? '',
      action: action.action?.type ?? '',
    })),
  };
};

/** Cancels one pending step: the API marks it cancelled and its workflow then sends nothing for it. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  const actionId = String(form.get('actionId') ?? '');
  try {
    await callApi(`/v1/automated-action/${encodeURIComponent(actionId)}`, { method: 'PATCH', authToken, body: { updates: { status: 'cancelled' } } });
    return data({ formError: undefined as string | undefined });
  } catch (error) {
    return data({ formError: formErrorMessage(error) as string | undefined });
  }
};

const when = (ms: number) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'now');

export default function EnduserPage() {
  const { enduser, journeys, actions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack gap={2}>
      <Link to="/staff/endusers">All endusers</Link>
      <Typography level="h2" component="h1">
        {enduserName(enduser)}
      </Typography>
      <Typography level="body-sm">{[enduser.email, enduser.phone].filter(Boolean).join(' · ')}</Typography>
      <Card variant="outlined" component="section" aria-labelledby="enduser-journeys">
        <Typography level="title-lg" component="h2" id="enduser-journeys">
          Journeys
        </Typography>
        {journeys.length === 0 ? (
          <Typography>Not in any journey.</Typography>
        ) : (
          <Table size="sm" aria-label="Journeys and states">
            <thead>
              <tr>
                <th>Journey</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {journeys.map((journey) => (
                <tr key={journey.journeyId}>
                  <td>{journey.title}</td>
                  <td>{journey.state}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="enduser-actions" sx={{ overflowX: 'auto' }}>
        <Typography level="title-lg" component="h2" id="enduser-actions">
          Automated actions
        </Typography>
        <FormError message={result?.formError} />
        {actions.length === 0 ? (
          <Typography>No automated actions.</Typography>
        ) : (
          <Table size="sm" aria-label="Automated actions" sx={{ '& td': { overflowWrap: 'anywhere' } }}>
            <thead>
              <tr>
                <th>Journey</th>
                <th>Step</th>
                <th>Status</th>
                <th>When</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {actions.map((action) => (
                <tr key={action.id}>
                  <td>{action.journey}</td>
                  <td>
                    {action.event} → {action.action}
                  </td>
                  <td>
                    <Chip size="sm" variant="soft" color={STATUS_COLOR[action.status as keyof typeof STATUS_COLOR] ?? 'neutral'}>
                      {STATUS_LABEL[action.status] ?? action.status}
                    </Chip>
                  </td>
                  <td>{when(action.processAfter)}</td>
                  <td>
                    {action.status === 'active' && (
                      <Form method="post">
                        <input type="hidden" name="actionId" value={action.id} />
                        <Button type="submit" size="sm" variant="outlined" color="danger" aria-label={`Cancel ${action.action} of ${action.journey}`}>
                          Cancel
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
