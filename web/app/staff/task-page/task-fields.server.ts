import { localTime } from '@carelane/automation';
import { ApiError } from '../../api.server';
import { typedInstant } from '../calendar/appointment-actions.server';
import { END_OF_DAY } from '../task-queue/new-task.server';

/**
 * What a task's page posts and hears back, the same for a task (a ticket) and a to-do (a staff
 * task): the page's form boxes, read on the staff member's clock.
 */
export type TaskAnswer = { intent: string; notice?: string; formError?: string; fieldErrors?: Record<string, string> };

/** The edit form's values, before each kind names them its own way. */
export interface EditedTask {
  title: string;
  notes: string;
  /** The instant it is due; null when the form left it empty (clearing it). */
  due: number | null;
  /** A ticket's priority; null when left empty. To-dos have none. */
  priority: number | null;
  /** Who does it; null for nobody. */
  owner: string | null;
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

const pad = (value: number) => String(value).padStart(2, '0');

/** The due day and time as the page's date and time boxes show them, on the staff member's clock. */
export const dueBoxes = (due: number | undefined, zone: string) => {
  if (due === undefined || due === null || Number.isNaN(due)) return { day: '', time: '' };
  const local = localTime(due, zone);
  return { day: `${local.year}-${pad(local.month)}-${pad(local.day)}`, time: `${pad(local.hour)}:${pad(local.minute)}` };
};

/** The edit form's changes: title, notes, due day and time (on the staff member's clock), priority and who does it. */
export const editedTask = (form: FormData, zone: string): { edited?: EditedTask; fieldErrors?: Record<string, string> } => {
  const title = formText(form, 'title');
  if (!title) return { fieldErrors: { title: 'Say what needs doing' } };
  const day = formText(form, 'dueDay');
  const time = formText(form, 'dueTime');
  if (time && !day) return { fieldErrors: { dueDay: 'Pick the day it is due' } };
  const due = day ? typedInstant(day, time || END_OF_DAY, zone) : undefined;
  if (day && due === undefined) return { fieldErrors: { dueDay: 'Pick a day from the calendar' } };
  const priority = formText(form, 'priority');
  if (priority && !/^-?\d+$/.test(priority)) return { fieldErrors: { priority: 'Enter a whole number, or leave it empty' } };
  return { edited: { title, notes: formText(form, 'message'), due: due ?? null, priority: priority ? Number(priority) : null, owner: formText(form, 'owner') || null } };
};

/** The api's refusal as the page's answer; anything else (the api unreachable) is thrown on. */
export const refusedAnswer = (intent: string, error: unknown): TaskAnswer => {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return { intent, formError: error.message };
  throw error;
};
