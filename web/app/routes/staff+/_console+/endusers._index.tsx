import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import Button from '../../../components/Button';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { callApi } from '../../../api.server';
import { requireStaff } from '../../../staff/session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Endusers · Staff console' }];

interface EnduserRow {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
}

/** One page of the list; the next page starts after its last id (keyset paging, the api's lastId). */
const PAGE_SIZE = 50;

/** The list's filters as the api's filter language: a journey (and state in it), a tag, assigned to me. */
const enduserFilter = (search: URLSearchParams, userId: string) => {
  const filter: Record<string, unknown> = {};
  const journeyId = search.get('journey') ?? '';
  const state = search.get('state')?.trim() ?? '';
  if (/^[0-9a-f]{24}$/.test(journeyId)) filter[`journeys.${journeyId}`] = state || { _exists: true };
  const tag = search.get('tag')?.trim();
  if (tag) filter.tags = { _all: [tag] };
  if (search.get('mine') === 'on') filter.assignedTo = { _all: [userId] };
  return filter;
};

/** The organization's endusers, newest first, or those the API's search finds for ?q=. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const search = new URL(request.url).searchParams;
  const q = search.get('q')?.trim() ?? '';
  const query: Record<string, string> = { limit: String(PAGE_SIZE), sort: 'newFirst' };
  if (q) query.search = JSON.stringify({ query: q });
  const filter = enduserFilter(search, user.id);
  if (Object.keys(filter).length) query.filter = JSON.stringify(filter);
  const lastId = search.get('lastId') ?? '';
  if (lastId) query.lastId = lastId;
  const [endusers, journeys] = await Promise.all([
    callApi<EnduserRow[]>('/v1/endusers', { authToken, query }),
    callApi<{ id: string; title: string }[]>('/v1/journeys', { authToken, query: { limit: '1000' } }).catch(() => []),
  ]);
  const next = new URLSearchParams(search);
  next.set('lastId', endusers[endusers.length - 1]?.id ?? '');
  return {
    q,
    journey: search.get('journey') ?? '',
    state: search.get('state') ?? '',
    tag: search.get('tag') ?? '',
    mine: search.get('mine') === 'on',
    journeys: journeys.map(({ id, title }) => ({ id, title })),
    nextPage: endusers.length === PAGE_SIZE ? `?${next.toString()}` : '',
    endusers: endusers.map(({ id, fname, lname, email, phone }) => ({ id, fname, lname, email, phone })),
  };
};

export const enduserName = (enduser: Pick<EnduserRow, 'fname' | 'lname' | 'email' | 'id'>) =>
  [enduser.fname, enduser.lname].filter(Boolean).join(' ') || enduser.email || enduser.id;

export default function Endusers() {
  const { q, endusers, journeys, journey, state, tag, mine, nextPage } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Endusers
      </Typography>
      <Form method="get" role="search" aria-label="Endusers">
        <Stack direction="row" gap={1}>
          <Input name="q" type="search" defaultValue={q} placeholder="Name, email or phone" aria-label="Search endusers" sx={{ flexGrow: 1 }} />
          <Button type="submit">Search</Button>
        </Stack>
        <Stack direction="row" gap={2} flexWrap="wrap" alignItems="flex-end" sx={{ mt: 1 }}>
          <FormControl id="filter-journey">
            <FormLabel>Journey</FormLabel>
            <select id="filter-journey" name="journey" style={{ minHeight: 36, font: 'inherit', maxWidth: '100%' }}>
              <option value="">Any journey</option>
              {journeys.map((item) => (
                <option key={item.id} value={item.id} selected={item.id === journey}>
                  {item.title}
                </option>
              ))}
            </select>
          </FormControl>
          <FormControl>
            <FormLabel>State</FormLabel>
            <Input name="state" defaultValue={state} />
          </FormControl>
          <FormControl>
            <FormLabel>Tag</FormLabel>
            <Input name="tag" defaultValue={tag} />
          </FormControl>
          <Checkbox name="mine" label="Assigned to me" defaultChecked={mine} />
        </Stack>
      </Form>
      {endusers.length === 0 ? (
        <Typography>{q ? `No enduser matches ${q}.` : 'No endusers yet.'}</Typography>
      ) : (
        <Table aria-label="Endusers list" sx={{ '& td': { overflowWrap: 'anywhere' } }}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
            </tr>
          </thead>
          <tbody>
            {endusers.map((enduser) => (
              <tr key={enduser.id}>
                <td>
                  <Link to={`/staff/endusers/${enduser.id}`}>{enduserName(enduser)}</Link>
                </td>
                <td>{enduser.email ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {nextPage && (
        <Link to={nextPage} style={{ alignSelf: 'flex-start' }}>
          Next page
        </Link>
      )}
    </Stack>
  );
}
