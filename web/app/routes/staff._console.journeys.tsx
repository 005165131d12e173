import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import Button from '@mui/joy/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { callApi } from '../api.server';
import { FormError } from '../components/AuthScreen';
import { apiProblem } from '../staff/api-fields.server';
import { requireStaff } from '../staff/session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Journeys · Staff console' }];

interface JourneyState {
  name: string;
  priority?: string;
}
interface Journey {
  id: string;
  title: string;
  defaultState?: string;
  states?: JourneyState[];
}

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
  const { authToken } = await requireStaff(request);
  const journeys = await callApi<Journey[]>('/v1/journeys', { authToken, query: { limit: '200', sort: 'oldFirst' } });
  const withCounts = await Promise.all(journeys.map(async (journey) => ({ ...journey, states: await countsOf(authToken, journey) })));
  return { journeys: withCounts };
};

const FIELDS = ['title', 'states', 'defaultState'] as const;
type Field = (typeof FIELDS)[number];
type CreateState = { created?: string; fieldErrors?: Partial<Record<Field, string>>; formError?: string };

/**
 * The states box holds one state a line, 'Name' or 'Name | Priority' (Disengaged, N/A or Engaged;
 * N/A when left out). The API checks everything and its messages are shown on the field they name.
 */
const parseStates = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', priority] = line.split('|').map((part) => part.trim());
      return { name, priority: priority || 'N/A' };
    });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  const title = String(form.get('title') ?? '').trim();
  const statesText = String(form.get('states') ?? '');
  const defaultState = String(form.get('defaultState') ?? '').trim();
  if (!title) return data<CreateState>({ fieldErrors: { title: 'A title is required' } });
  const states = parseStates(statesText);
  const body: Record<string, unknown> = { title };
  if (states.length) body.states = states;
  if (defaultState) body.defaultState = defaultState;
  try {
    const journey = await callApi<Journey>('/v1/journey', { method: 'POST', authToken, body });
    return data<CreateState>({ created: journey.title });
  } catch (error) {
    const problem = apiProblem(error, FIELDS);
    return data<CreateState>(problem.field ? { fieldErrors: { [problem.field]: problem.message } } : { formError: problem.message });
  }
};

export default function Journeys() {
  const { journeys } = useLoaderData<typeof loader>();
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
                {journey.title}
              </Typography>
              <Table size="sm" aria-label={`States of ${journey.title}`} sx={{ '& th:last-child, & td:last-child': { textAlign: 'right', width: 100 } }}>
                <thead>
                  <tr>
                    <th>State</th>
                    <th>Priority</th>
                    <th>Endusers</th>
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
      <CreateJourney />
    </Stack>
  );
}

function CreateJourney() {
  const state = useActionData<typeof action>() as CreateState | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.created) formRef.current?.reset();
  }, [state]);
  const problem = (field: Field) => state?.fieldErrors?.[field];
  return (
    <Card variant="outlined" component="section" aria-labelledby="create-journey">
      <Typography level="title-lg" component="h2" id="create-journey">
        Create a journey
      </Typography>
      <Form method="post" ref={formRef} noValidate>
        <Stack gap={2}>
          <FormControl error={!!problem('title')}>
            <FormLabel>Title</FormLabel>
            <Input name="title" />
            {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
          </FormControl>
          <FormControl error={!!problem('states')}>
            <FormLabel>States</FormLabel>
            <Textarea name="states" minRows={3} placeholder={'New\nActive | Engaged\nLost | Disengaged'} />
            <FormHelperText>{problem('states') ?? "One state a line: 'Name' or 'Name | Priority' (Disengaged, N/A or Engaged). Empty: a single state New."}</FormHelperText>
          </FormControl>
          <FormControl error={!!problem('defaultState')}>
            <FormLabel>Default state</FormLabel>
            <Input name="defaultState" placeholder="New" />
            {problem('defaultState') && <FormHelperText>{problem('defaultState')}</FormHelperText>}
          </FormControl>
          <Button type="submit" loading={navigation.state === 'submitting' && navigation.formMethod === 'POST'} sx={{ alignSelf: 'flex-start' }}>
            Create journey
          </Button>
          <FormError message={state?.formError} />
          {state?.created && (
            <Typography role="status" color="success">
              Journey {state.created} created
            </Typography>
          )}
        </Stack>
      </Form>
    </Card>
  );
}
