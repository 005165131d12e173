import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link as RemixLink, useLoaderData, useSearchParams } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Alert from '@mui/joy/Alert';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { SetupItems } from '../../../staff/scheduling/SetupList';
import { formFacts } from '../../../staff/forms/form-facts';
import { listForms } from '../../../staff/forms/forms.server';
import { EmptyState } from '../../../staff/list';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

/** The list's own address, written out: a relative '.' from this index route navigates to '?index' in the browser. */
const FORMS = '/staff/forms';

export const meta: MetaFunction = () => [{ title: 'Forms · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'forms', 'see forms');
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').trim();
  const archived = search.get('show') === 'archived';
  const rows = await listForms(authToken, q);
  const shown = rows.filter((row) => (row.disabled === true) === archived);
  return {
    q,
    archived,
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    canSeeResponses: access.abilities.can('form_responses', 'read'),
    forms: shown.map((row) => ({ key: row.id, title: String(row.title || 'Untitled form'), details: [formFacts(row)], to: `/staff/forms/${row.id}` })),
  };
};

function Empty({ q, archived, canCreate }: { q: string; archived: boolean; canCreate: boolean }) {
  if (q) return <EmptyState title={`No forms match '${q}'`} text="Check the spelling, or clear the search to see every form." actions={<Button component={RemixLink} to={archived ? `${FORMS}?show=archived` : FORMS} variant="outlined">Clear the search</Button>} />;
  if (archived) return <EmptyState title="No archived forms" text="Forms you archive wait here, with their responses, until you bring them back." actions={<Button component={RemixLink} to={FORMS} variant="outlined">Back to forms</Button>} />;
  return (
    <EmptyState
      title="No forms yet"
      text={canCreate ? 'Build your first form, such as a new patient intake, then send it to patients or share its public link.' : 'Nobody has built a form yet. An Admin or a colleague whose role allows it can build one.'}
      actions={canCreate && <Button component={RemixLink} to="/staff/forms/new">New form</Button>}
    />
  );
}

export default function Forms() {
  const { forms, q, archived, canCreate, canEdit, canSeeResponses } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const notice = search.get('notice');
  return (
    <Stack gap={2}>
      <Stack direction="row" gap={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography level="h2" component="h1">
          {archived ? 'Archived forms' : 'Forms'}
        </Typography>
        <Stack direction="row" gap={1} flexWrap="wrap">
          {canSeeResponses && (
            <Button component={RemixLink} to="/staff/forms/responses" variant="outlined">
              Responses
            </Button>
          )}
          {canCreate && !archived && (forms.length > 0 || q) && (
            <Button component={RemixLink} to="/staff/forms/new">
              New form
            </Button>
          )}
        </Stack>
      </Stack>
      <Typography>Questionnaires patients fill in from the portal, a message or a public link, and notes staff fill in.</Typography>
      {notice && (
        <Alert color="success" role="status">
          {notice}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Form method="get" role="search" aria-label="Search forms" style={{ flex: 1, maxWidth: 420 }}>
          {archived && <input type="hidden" name="show" value="archived" />}
          <Input name="q" type="search" defaultValue={q} placeholder="Search forms by name" slotProps={{ input: { 'aria-label': 'Search forms by name' } }} endDecorator={<Button type="submit" size="sm" variant="soft">Search</Button>} />
        </Form>
        <Link component={RemixLink} to={archived ? FORMS : `${FORMS}?show=archived`}>{archived ? 'Show forms in use' : 'Show archived forms'}</Link>
      </Stack>
      {forms.length === 0 ? (
        <Empty q={q} archived={archived} canCreate={canCreate} />
      ) : (
        <SetupItems label={archived ? 'Archived forms' : 'Forms'} items={forms} canEdit={canEdit} />
      )}
    </Stack>
  );
}
