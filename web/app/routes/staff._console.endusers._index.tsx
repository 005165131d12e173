import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import Button from '@mui/joy/Button';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { callApi } from '../api.server';
import { requireStaff } from '../staff/session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Endusers · Staff console' }];

interface EnduserRow {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
}

/** One page of the list; paging (keyset, lastId) comes with the next slice. */
const PAGE_SIZE = 50;

/** The organization's endusers, newest first, or those the API's search finds for ?q=. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const query: Record<string, string> = { limit: String(PAGE_SIZE), sort: 'newFirst' };
  if (q) query.search = JSON.stringify({ query: q });
  const endusers = await callApi<EnduserRow[]>('/v1/endusers', { authToken, query });
  return { q, endusers: endusers.map(({ id, fname, lname, email, phone }) => ({ id, fname, lname, email, phone })) };
};

export const enduserName = (enduser: Pick<EnduserRow, 'fname' | 'lname' | 'email' | 'id'>) =>
  [enduser.fname, enduser.lname].filter(Boolean).join(' ') || enduser.email || enduser.id;

export default function Endusers() {
  const { q, endusers } = useLoaderData<typeof loader>();
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
    </Stack>
  );
}
