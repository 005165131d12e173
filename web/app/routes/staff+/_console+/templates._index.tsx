import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';
import { listTemplates } from '../../../staff/templates/templates.server';
import { templateSummary } from '../../../staff/templates/template-summary';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Templates · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'templates', 'see message templates');
  const rows = await listTemplates(authToken);
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => ({ key: row.id, title: String(row.title || 'Untitled template'), details: templateSummary(row), to: `/staff/templates/${row.id}` })),
  };
};

export default function Templates() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Message templates"
      intro="Emails, text messages and chat messages your team and your journeys send. Variables such as the patient’s first name are filled in for each patient."
      items={items}
      addLabel="Add a template"
      addTo="/staff/templates/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No templates yet',
        text: 'Write your first message, for example a welcome email, then use it in a journey’s Send email step.',
        readOnlyText: 'Nobody has written a template yet. An Admin or a colleague whose role allows it can add one.',
      }}
    />
  );
}
