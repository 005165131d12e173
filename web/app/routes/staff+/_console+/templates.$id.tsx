import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { requireStaff } from '../../../staff/session.server';
import { TemplateEditor } from '../../../staff/templates/TemplateEditor';
import { templateValues } from '../../../staff/templates/template-values';
import { deleteTemplate, duplicateTemplate, previewTemplate, readTemplate, saveTemplate } from '../../../staff/templates/templates.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.heading ?? 'Template'} · Templates · Staff` }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'templates', 'see message templates');
  const record = await readTemplate(authToken, params.id);
  const values = templateValues(record);
  return {
    isNew: !record,
    recordKey: record?.id ?? 'new',
    heading: record ? values.title || 'Untitled template' : 'Add a template',
    values,
    canEdit: record ? access.canUpdate : access.canCreate,
    canCreate: access.canCreate,
    canDelete: !!record && access.canDelete,
  };
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const id = params.id === 'new' ? undefined : params.id;
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await request.json()) as Record<string, unknown>;
    if (body.intent === 'preview') return previewTemplate(authToken, user, text(body.enduserId), { subject: text(body.subject), message: text(body.message), html: text(body.html) });
    return saveTemplate(authToken, id, templateValues(body));
  }
  const intent = (await request.formData()).get('intent');
  if (!id) return null;
  if (intent === 'duplicate') return duplicateTemplate(authToken, id);
  if (intent === 'delete') return deleteTemplate(authToken, id, templateValues(await readTemplate(authToken, id)).title);
  return null;
};

export default function TemplatePage() {
  const data = useLoaderData<typeof loader>();
  const notice = useSearchParams()[0].get('notice');
  return (
    <Stack gap={2}>
      {notice && (
        <Alert color="success" role="status">
          {notice}
        </Alert>
      )}
      {/* Keyed by the record, so opening another template (a duplicate) starts a fresh form. */}
      <TemplateEditor key={data.recordKey} {...data} />
    </Stack>
  );
}
