import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link as RemixLink, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Alert from '@mui/joy/Alert';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { formErrorMessage } from '../../../api.server';
import type { BuilderForm } from '../../../staff/forms/builder-model';
import { FormBuilder } from '../../../staff/forms/FormBuilder';
import { duplicateForm, loadBuilder, saveBuilder, setArchived } from '../../../staff/forms/forms.server';
import { publicFormLink } from '../../../staff/forms/public-link';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.heading ?? 'Form'} · Forms · Staff` }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'forms', 'see forms');
  const id = String(params.id);
  const { form, builder } = await loadBuilder(authToken, id);
  return {
    id: form?.id,
    heading: form ? String(form.title || 'Untitled form') : 'New form',
    builder,
    archived: form?.disabled === true,
    // The address carries ids by necessity; it sits in a read-only input with a Copy button.
    publicLink: form && form.allowPublicURL === true && user.businessId ? publicFormLink(new URL(request.url).origin, user.businessId, form.id) : undefined,
    canEdit: form ? access.canUpdate : access.canCreate,
    canCreate: access.canCreate,
    canSeeResponses: access.abilities.can('form_responses', 'read'),
    // Saves reload the page; the key makes the builder start from what was saved.
    version: `${String(form?.updatedAt ?? 'new')}-${builder.fields.length}`,
  };
};

const noticed = (path: string, notice: string) => redirect(`${path}?notice=${encodeURIComponent(notice)}`);

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id === 'new' ? undefined : String(params.id);
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const builder = (await request.json()) as BuilderForm;
    const answer = await saveBuilder(authToken, id, builder);
    if (answer.savedId) return noticed(`/staff/forms/${answer.savedId}`, `Saved ${builder.settings.title.trim()}.`);
    return answer;
  }
  const intent = String((await request.formData()).get('intent') ?? '');
  if (!id) return null;
  try {
    if (intent === 'duplicate') {
      const copy = await duplicateForm(authToken, id);
      if (copy.savedId) return noticed(`/staff/forms/${copy.savedId}`, 'This is the copy: rename it and change what you need.');
      return { problem: copy.problem ?? { message: 'The copy could not be made.' } };
    }
    if (intent === 'archive' || intent === 'restore') {
      await setArchived(authToken, id, intent === 'archive');
      return intent === 'archive' ? noticed('/staff/forms', 'Form archived. Find it under Show archived forms.') : noticed(`/staff/forms/${id}`, 'Form brought back.');
    }
  } catch (error) {
    return { problem: { message: formErrorMessage(error) } };
  }
  return null;
};

/** Duplicate and Archive (or bring back), each a small post of its own. */
function FormActions({ archived, canCreate, canEdit }: { archived: boolean; canCreate: boolean; canEdit: boolean }) {
  const navigation = useNavigation();
  const posting = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <Stack direction="row" gap={1} flexWrap="wrap">
      {canCreate && (
        <Form method="post">
          <Button type="submit" name="intent" value="duplicate" variant="outlined" color="neutral" loading={posting('duplicate')}>
            Duplicate
          </Button>
        </Form>
      )}
      {canEdit && (
        <Form method="post">
          <Button type="submit" name="intent" value={archived ? 'restore' : 'archive'} variant="outlined" color={archived ? 'neutral' : 'danger'} loading={posting(archived ? 'restore' : 'archive')}>
            {archived ? 'Bring back' : 'Archive'}
          </Button>
        </Form>
      )}
    </Stack>
  );
}

export default function FormPage() {
  const { id, heading, builder, archived, publicLink, canEdit, canCreate, canSeeResponses, version } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const notice = search.get('notice');
  return (
    <Stack gap={2}>
      <Stack direction="row" gap={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Typography level="h2" component="h1">
            {heading}
          </Typography>
          {archived && <Chip variant="soft">Archived</Chip>}
        </Stack>
        {id && <FormActions archived={archived} canCreate={canCreate} canEdit={canEdit} />}
      </Stack>
      <Stack direction="row" gap={2} flexWrap="wrap">
        <Link component={RemixLink} to="/staff/forms">Back to forms</Link>
        {id && canSeeResponses && <Link component={RemixLink} to={`/staff/forms/responses?form=${id}`}>Responses to this form</Link>}
      </Stack>
      {notice && (
        <Alert color="success" role="status">
          {notice}
        </Alert>
      )}
      {archived && <Alert color="warning">This form is archived: it is not offered when sending forms. Bring it back to use it again.</Alert>}
      <FormBuilder key={version} initial={builder} publicLink={publicLink} canEdit={canEdit} />
    </Stack>
  );
}
