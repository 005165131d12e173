import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { readRecord } from '../shell/refuse.server';
import type { StaffUser } from '../session.server';
import { dueBoxes, editedTask, formText, refusedAnswer, type TaskAnswer } from './task-fields.server';
import { deleteAndReturn, loadTaskPeople } from './task-people.server';
import type { TaskView } from './task-view';

/** A to-do (the api's staff task) as the api answers it; only the fields the page reads are typed. */
interface Todo {
  id: string;
  text: string;
  description?: string;
  completed?: boolean;
  dueDate?: string;
  assignedTo?: string;
  enduserId?: string;
  subscribers?: string[];
  subscriberRoles?: string[];
  createdAt?: string;
}

/** Colleagues by name, then roles ('everyone who is a Nurse'), as one line; undefined when nobody follows it. */
const followersOf = (todo: Todo, nameOf: (userId: string) => string) => {
  const people = (todo.subscribers ?? []).map(nameOf);
  const roles = (todo.subscriberRoles ?? []).map((role) => `everyone who is ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`);
  const all = [...people, ...roles];
  return all.length ? all.join(', ') : undefined;
};

/**
 * One to-do for the task page: what it is, its patient and people by name, its due time on the staff
 * member's clock, and what their role may do with it. An unknown or hidden one answers the staff
 * app's not-found page.
 */
export const loadTodo = async (authToken: string, user: StaffUser, id: string, zone: string): Promise<TaskView> => {
  const todo = await readRecord('task', () => callApi<Todo>(`/v1/task/${encodeURIComponent(id)}`, { authToken }));
  const { staff, abilities, nameOf, patient } = await loadTaskPeople(authToken, user, todo.enduserId);
  const due = todo.dueDate ? Date.parse(todo.dueDate) : undefined;
  return {
    kind: 'todo',
    id: todo.id,
    title: todo.text,
    message: todo.description ?? '',
    patient,
    owner: todo.assignedTo ?? '',
    ownerName: nameOf(todo.assignedTo),
    priority: '',
    due: due === undefined || Number.isNaN(due) ? '' : formatIn(due, zone, 'dateTime'),
    overdue: due !== undefined && !todo.completed && due < Date.now(),
    dueBoxes: dueBoxes(due, zone),
    closed: todo.completed ? { when: '', by: '', reason: '' } : undefined,
    closeReasons: [],
    followers: followersOf(todo, nameOf),
    added: todo.createdAt ? formatIn(todo.createdAt, zone, 'dateTime') : '',
    staff,
    canEdit: abilities.can('tasks', 'update'),
    canDelete: abilities.can('tasks', 'delete'),
  };
};

/** Save, mark done, mark not done and delete post here with their intent; the api decides each call. */
export const todoAction = async (authToken: string, id: string, form: FormData, zone: string): Promise<TaskAnswer | Response> => {
  const intent = formText(form, 'intent');
  const path = `/v1/task/${encodeURIComponent(id)}`;
  try {
    if (intent === 'save') {
      const { edited, fieldErrors } = editedTask(form, zone);
      if (!edited) return { intent, fieldErrors };
      // null clears what the form left empty.
      const updates = { text: edited.title, description: edited.notes, dueDate: edited.due === null ? null : new Date(edited.due).toISOString(), assignedTo: edited.owner };
      await callApi(path, { method: 'PATCH', authToken, body: { updates } });
      return { intent, notice: 'To-do saved' };
    }
    if (intent === 'close' || intent === 'reopen') {
      await callApi(path, { method: 'PATCH', authToken, body: { updates: { completed: intent === 'close' } } });
      return { intent, notice: intent === 'close' ? 'Marked done' : 'Marked not done' };
    }
    if (intent === 'delete') {
      return await deleteAndReturn(authToken, path, (record) => String(record.text ?? ''));
    }
    return { intent, formError: 'This form is out of date: reload the page and try again.' };
  } catch (error) {
    return refusedAnswer(intent, error);
  }
};
