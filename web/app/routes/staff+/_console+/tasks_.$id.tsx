import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../../../staff/session.server';
import { loadTask, taskAction, type TaskAnswer } from '../../../staff/task-page/task.server';
import { TaskPage } from '../../../staff/task-page/TaskPage';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: task }) => [{ title: `${task ? task.title : 'Task'} · Tasks · Staff` }];

/** One task, read with the staff member's own token; unknown or hidden ones answer the staff app's not-found page. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadTask(authToken, user, params.id ?? '', staffTimeZone(request, user));
};

/** Save, close, reopen and delete (task.server.ts); one the api refuses answers 400 with its message (a box to fix is the page's own answer). */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const answer = await taskAction(authToken, user, params.id ?? '', await request.formData(), staffTimeZone(request, user));
  if (answer instanceof Response) return answer;
  return data<TaskAnswer>(answer, { status: answer.formError ? 400 : 200 });
};

export default function Task() {
  return <TaskPage task={useLoaderData<typeof loader>()} answer={useActionData<typeof action>() as TaskAnswer | undefined} />;
}
