/**
 * A task's page as it is drawn, the same for a task (a ticket: closed with a reason, with a priority)
 * and a to-do (a staff task: done or not): people and the patient by name, times on the staff
 * member's clock, and what the role may do with it.
 */
export interface TaskView {
  kind: 'ticket' | 'todo';
  id: string;
  title: string;
  message: string;
  patient?: { id: string; name: string };
  owner: string;
  ownerName: string;
  /** A ticket's priority in words ('' for none); to-dos have none. */
  priority: string;
  due: string;
  overdue: boolean;
  dueBoxes: { day: string; time: string };
  /** When it was closed (a ticket) or marked done (a to-do: no time is kept). */
  closed?: { when: string; by: string; reason: string };
  closeReasons: string[];
  origin?: string;
  /** Colleagues and roles who follow a to-do, in words. */
  followers?: string;
  added: string;
  staff: { id: string; label: string }[];
  canEdit: boolean;
  canDelete: boolean;
}

/** The address of a task's page by its kind: the queue's lines, Today and the patient's record link here. */
export const taskPath = (kind: TaskView['kind'] | 'task', id: string) => (kind === 'ticket' ? `/staff/tasks/${id}` : `/staff/tasks/to-dos/${id}`);
