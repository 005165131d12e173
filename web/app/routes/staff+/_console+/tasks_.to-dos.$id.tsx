import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../../../staff/session.server';
import type { TaskAnswer } from '../../../staff/task-page/task-fields.server';
import { loadTodo, todoAction } from '../../../staff/task-page/todo.server';
import { TaskPage } from '../../../staff/task-page/TaskPage';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data: todo }) => [{ title: `${todo ? todo.title : 'To-do'} · Tasks · Staff` }];

/** One to-do (a staff task), read with the staff member's own token; unknown or hidden ones answer the staff app's not-found page. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadTodo(authToken, user, params.id ?? '', staffTimeZone(request, user));
};

/** Save, mark done or not and delete (todo.server.ts); one the api refuses answers 400 with its message. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const answer = await todoAction(authToken, params.id ?? '', await request.formData(), staffTimeZone(request, user));
  if (answer instanceof Response) return answer;
  return data<TaskAnswer>(answer, { status: answer.formError ? 400 : 200 });
};

export default function Todo() {
  return <TaskPage task={useLoaderData<typeof loader>()} answer={useActionData<typeof action>() as TaskAnswer | undefined} />;
}
