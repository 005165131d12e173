import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { contentAudience, deleteContent, previewContent, readContent, saveContent } from '../../../staff/content/content.server';
import { ContentEditor } from '../../../staff/content/ContentEditor';
import type { ContentValues } from '../../../staff/content/content-values';
import { uploadContentFile } from '../../../staff/content/upload.server';
import { tagsInUse } from '../../../staff/journey-builder/tags.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.heading ?? 'Content'} · Content · Staff` }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'managed_content_records', 'see content');
  const [{ record, values }, tags] = await Promise.all([readContent(authToken, params.id), tagsInUse(authToken)]);
  return {
    isNew: !record,
    recordKey: record?.id ?? 'new',
    heading: record ? values.title || 'Untitled content' : 'Add content',
    values,
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
    tagsInUse: tags,
  };
};

/** Saves, previews and lists who sees it from the form's JSON; uploads a file (multipart); deletes (the dialog's form). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id === 'new' ? undefined : params.id;
  const contentType = request.headers.get('Content-Type') ?? '';
  if (contentType.includes('multipart/form-data')) return uploadContentFile(request, authToken);
  if (contentType.includes('application/json')) {
    const { intent, ...values } = (await request.json()) as ContentValues & { intent?: string };
    if (intent === 'preview') return previewContent(values);
    if (intent === 'audience') return { audience: await contentAudience(authToken, values) };
    return saveContent(authToken, id, values);
  }
  const intent = (await request.formData()).get('intent');
  if (intent === 'delete' && id) return deleteContent(authToken, id, (await readContent(authToken, id)).values.title);
  return null;
};

export default function ContentPage() {
  const data = useLoaderData<typeof loader>();
  return <ContentEditor key={data.recordKey} {...data} />;
}
