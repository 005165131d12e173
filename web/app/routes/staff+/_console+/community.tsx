import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { apiProblem } from '../../../staff/api-fields.server';
import { CommunitySwitch } from '../../../staff/community/CommunitySwitch';
import { listForums, postCounts } from '../../../staff/community/community.server';
import { communityShown, setCommunityShown } from '../../../staff/portal/portal-settings.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Community · Staff' }];

const postsLabel = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

/** Community (issue 35): the portal's Community switch and the forums, each opened to edit and moderate. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'forums', 'see the community');
  const [forums, counts, shown] = await Promise.all([listForums(authToken), postCounts(authToken), communityShown(authToken)]);
  return {
    shown,
    canSwitch: access.abilities.can('portal_customizations', 'update') && access.abilities.can('portal_customizations', 'create'),
    canCreate: access.canCreate,
    canEdit: access.canUpdate || access.abilities.can('forum_posts', 'delete'),
    items: forums.map((forum) => ({
      key: forum.id,
      title: String(forum.title ?? 'Untitled forum'),
      details: [String(forum.description ?? ''), forum.publicRead ? 'Open to patients' : 'Staff only', postsLabel(counts.get(forum.id) ?? 0)].filter(Boolean),
      to: `/staff/community/${forum.id}`,
    })),
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  if (form.get('intent') !== 'community-switch') return null;
  try {
    await setCommunityShown(authToken, form.get('shown') === 'true');
    return { saved: true };
  } catch (error) {
    return { problem: apiProblem(error, []) };
  }
};

export default function Community() {
  const { shown, canSwitch, canCreate, canEdit, items } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2}>
      <SetupList
        heading="Community"
        intro="Forums where patients talk with each other and with you. Open a forum to edit it, or to remove posts and comments."
        items={items}
        addLabel="New forum"
        addTo="/staff/community/new"
        canCreate={canCreate}
        canEdit={canEdit}
        empty={{
          title: 'No forums yet',
          text: 'Create a forum, for example “General discussion”, then show Community in the portal so patients can join in.',
          readOnlyText: 'Nobody has created a forum yet. An Admin or a colleague whose role allows it can create one.',
        }}
      />
      <CommunitySwitch shown={shown} canEdit={canSwitch} />
    </Stack>
  );
}
