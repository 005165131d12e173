import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { callApi } from '../../../api.server';
import { FormError } from '../../../components/AuthScreen';
import { JourneyFields } from '../../../staff/JourneyFields';
import { submitJourney, type Journey, type JourneyFormState } from '../../../staff/journey-form.server';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireStaff } from '../../../staff/session.server';
import { useResetOnSave } from '../../../staff/useResetOnSave';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Journeys · Staff' }];

/** How many of the organization's endusers are in each state of a journey (the API counts, filtered on journeys.<id>). */
const countsOf = (authToken: string, journey: Journey) =>
  Promise.all(
    (journey.states ?? []).map(async (state) => {
      const filter = JSON.stringify({ [`journeys.${journey.id}`]: state.name });
      const { count } = await callApi<{ count: number }>('/v1/endusers', { authToken, query: { filter, returnCount: 'true' } });
      return { ...state, count };
    }),
  );

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const [journeys, abilities] = await Promise.all([
    callApi<Journey[]>('/v1/journeys', { authToken, query: { limit: '200', sort: 'oldFirst' } }),
    staffAbilities(authToken, user),
  ]);
  const withCounts = await Promise.all(journeys.map(async (journey) => ({ ...journey, states: await countsOf(authToken, journey) })));
  return { journeys: withCounts, canCreate: abilities.can('journeys', 'create') };
};

/** Creates a journey; the API's messages go under the field they name. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  return data<JourneyFormState>(await submitJourney(authToken, await request.formData()));
};

export default function Journeys() {
  const { journeys, canCreate } = useLoaderData<typeof loader>();
  return (
    <Stack gap={3}>
      <Typography level="h2" component="h1">
        Journeys
      </Typography>
      {journeys.length === 0 ? (
        <Typography>No journeys yet.</Typography>
      ) : (
        <Stack gap={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {journeys.map((journey) => (
            <Card key={journey.id} component="li" variant="outlined" aria-label={journey.title}>
              <Typography level="title-lg" component="h2">
                <Link component={RemixLink} to={`/staff/journeys/${journey.id}`}>{journey.title}</Link>
              </Typography>
              <Table size="sm" aria-label={`States of ${journey.title}`} sx={{ '& th:last-child, & td:last-child': { textAlign: 'right', width: 100 } }}>
                <thead>
                  <tr>
                    <th>State</th>
                    <th>Priority</th>
                    <th>Patients</th>
                  </tr>
                </thead>
                <tbody>
                  {journey.states.map((state) => (
                    <tr key={state.name}>
                      <td>
                        {state.name}{' '}
                        {state.name === journey.defaultState && (
                          <Chip size="sm" variant="soft">
                            default
                          </Chip>
                        )}
                      </td>
                      <td>{state.priority}</td>
                      <td>{state.count}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
          ))}
        </Stack>
      )}
      {canCreate && <CreateJourney />}
    </Stack>
  );
}

function CreateJourney() {
  const state = useActionData<typeof action>() as JourneyFormState | undefined;
  const navigation = useNavigation();
  const formRef = useResetOnSave(state);
  return (
    <Card variant="outlined" component="section" aria-labelledby="create-journey">
      <Typography level="title-lg" component="h2" id="create-journey">
        Create a journey
      </Typography>
      <Form method="post" ref={formRef} noValidate>
        <Stack gap={2}>
          <JourneyFields state={state} />
          <Button type="submit" loading={navigation.state === 'submitting' && navigation.formMethod === 'POST'} sx={{ alignSelf: 'flex-start' }}>
            Create journey
          </Button>
          <FormError message={state?.formError} />
          {state?.saved && (
            <Typography role="status" color="success">
              Journey {state.saved} created
            </Typography>
          )}
        </Stack>
      </Form>
    </Card>
  );
}
