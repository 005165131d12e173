import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import { callApi } from '../../../api.server';
import { ActionOutcome } from '../../../components/ActionOutcome';
import { apiProblem } from '../../../staff/api-fields.server';
import { FORUMS, moderatedPosts, removeContribution, titleMatches, TYPE_TITLE_MESSAGE } from '../../../staff/community/community.server';
import { DeleteForum } from '../../../staff/community/DeleteForum';
import { ForumModeration } from '../../../staff/community/ForumModeration';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { readSetupRecord, readSubmission, saveSetupRecord } from '../../../staff/scheduling/records.server';
import { SetupEditor } from '../../../staff/scheduling/SetupEditor';
import type { SetupField } from '../../../staff/scheduling/SetupFields';
import { requiredResolver } from '../../../staff/scheduling/useSetupForm';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Forum'} · Community · Staff` }];

type ForumValues = { title: string; description: string; publicRead: boolean };

const FIELDS: SetupField<ForumValues>[] = [
  { name: 'title', label: 'Title', kind: 'text', hint: 'As patients see it, e.g. General discussion' },
  { name: 'publicRead', label: 'Open to patients', kind: 'switch', hint: 'Patients see this forum in Community and may post and comment. Off: staff only.' },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true, hint: 'What the forum is for' },
];

/** A forum (issue 35): its title, description and who may take part; its posts and comments to moderate; deleting it by its title. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'forums', 'see the community');
  const record = await readSetupRecord(authToken, FORUMS, params.forumId);
  return {
    isNew: !record,
    title: record ? String(record.title ?? 'Forum') : 'New forum',
    values: { title: String(record?.title ?? ''), description: String(record?.description ?? ''), publicRead: record ? record.publicRead === true : true },
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
    canDeletePost: access.abilities.can('forum_posts', 'delete'),
    canDeleteComment: access.abilities.can('post_comments', 'delete'),
    posts: record ? await moderatedPosts(authToken, record.id) : [],
    timeZone: staffTimeZone(request, user),
  };
};

const deleteForum = async (authToken: string, id: string, typed: string) => {
  const forum = await callApi<{ title?: string }>(`/v1/forum/${encodeURIComponent(id)}`, { authToken });
  if (!titleMatches(typed, String(forum.title ?? ''))) return { deleteProblem: TYPE_TITLE_MESSAGE };
  try {
    await callApi(`/v1/forum/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
  } catch (error) {
    return { deleteProblem: apiProblem(error, []).message };
  }
  return redirect(`/staff/community?notice=${encodeURIComponent(`Deleted ${forum.title}, with its posts and comments.`)}`);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.forumId === 'new' ? undefined : params.forumId;
  if (id && !(request.headers.get('Content-Type') ?? '').includes('application/json')) {
    const form = await request.formData();
    if (form.get('intent') === 'delete-forum') return deleteForum(authToken, id, String(form.get('typedTitle') ?? ''));
    const kind = form.get('kind');
    if (form.get('intent') === 'delete' && (kind === 'post' || kind === 'comment')) return removeContribution(authToken, kind, String(form.get('id') ?? ''));
    return null;
  }
  const submission = await readSubmission(request);
  if (submission.intent !== 'save') return null;
  const values = submission.values;
  const title = typeof values.title === 'string' ? values.title.trim() : '';
  return saveSetupRecord(authToken, FORUMS, id, { title, description: typeof values.description === 'string' ? values.description.trim() : '', publicRead: values.publicRead === true }, `Saved ${title}.`);
};

export default function ForumPage() {
  const { isNew, title, values, canEdit, canDelete, canDeletePost, canDeleteComment, posts, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<{ notice?: string; deleteProblem?: string }>();
  return (
    <Stack gap={3}>
      <SetupEditor<ForumValues>
        key={title}
        heading={title}
        fields={FIELDS}
        defaults={values}
        resolver={requiredResolver<ForumValues>(['title'])}
        canEdit={canEdit}
        canDelete={false}
        saveLabel={isNew ? 'Create forum' : 'Save forum'}
        listPath="/staff/community"
        deleteConsequence=""
        warnUnsaved
      />
      <ActionOutcome notice={result?.notice} />
      {!isNew && <ForumModeration posts={posts} timeZone={timeZone} canDeletePost={canDeletePost} canDeleteComment={canDeleteComment} />}
      {canDelete && (
        <Stack direction="row">
          <DeleteForum key={result?.deleteProblem ?? 'closed'} title={title} problem={result?.deleteProblem} />
        </Stack>
      )}
    </Stack>
  );
}
