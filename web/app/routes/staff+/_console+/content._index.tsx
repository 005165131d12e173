import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { listContent } from '../../../staff/content/content.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Content · Staff' }];

/** Who sees an item, in words. */
const audienceOf = (row: Record<string, unknown>) => {
  const tags = Array.isArray(row.tags) ? (row.tags as string[]).join(', ') : '';
  switch (row.assignmentType) {
    case 'By Tags':
      return tags ? `Patients tagged ${tags}` : 'Patients with chosen tags (none chosen yet)';
    case 'Manual':
      return 'Chosen patients';
    case 'Individual':
      return 'One patient';
    case 'All':
      return 'Every patient';
    default:
      return row.publicRead ? 'Everyone' : 'Nobody yet: choose who sees it';
  }
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'managed_content_records', 'see content');
  const rows = await listContent(authToken);
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => ({
      key: row.id,
      title: String(row.title || 'Untitled content'),
      details: [[row.type ?? 'Article', row.category].filter(Boolean).join(' · '), `Seen by: ${audienceOf(row)}`],
      to: `/staff/content/${row.id}`,
    })),
  };
};

export default function Content() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Content"
      intro="Articles, PDFs and videos your patients read in their portal’s Education page. Choose who sees each one: everyone, patients with certain tags, or chosen patients."
      items={items}
      addLabel="Add content"
      addTo="/staff/content/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No content yet',
        text: 'Write an article or upload a PDF or a video, then choose which patients see it in their portal.',
        readOnlyText: 'Nobody has added content yet. An Admin or a colleague whose role allows it can add some.',
      }}
    />
  );
}
