import { callApi, formErrorMessage } from '../../api.server';
import { typedInstant } from '../calendar/appointment-actions.server';

/** What a form that adds a record hears back: that it worked (in words), the api's refusal, or a field to fix. */
export type AdditionState = { intent: string; saved?: string; formError?: string; fieldErrors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Without a time, a task is due by the end of its day on the staff member's clock. */
export const END_OF_DAY = '23:59';

/**
 * A task (a ticket), about a patient or not: a title, who does it (the staff member themself unless
 * they pick a colleague) and when it is due, typed on their own clock. It joins the task queue and Today.
 */
export const addTask = async (authToken: string, enduserId: string | undefined, form: FormData, zone: string): Promise<AdditionState> => {
  const intent = 'task';
  const title = text(form, 'taskTitle');
  if (!title) return { intent, fieldErrors: { taskTitle: 'Say what needs doing' } };
  const dueDay = text(form, 'taskDueDay');
  const dueTime = text(form, 'taskDueTime');
  if (dueTime && !dueDay) return { intent, fieldErrors: { taskDueDay: 'Pick the day it is due' } };
  const due = dueDay ? typedInstant(dueDay, dueTime || END_OF_DAY, zone) : undefined;
  if (dueDay && due === undefined) return { intent, fieldErrors: { taskDueDay: 'Pick a day from the calendar' } };
  const owner = text(form, 'taskOwner');
  try {
    await callApi('/v1/ticket', { method: 'POST', authToken, body: { title, ...(enduserId ? { enduserId } : {}), ...(owner ? { owner } : {}), ...(due !== undefined ? { dueDateInMS: due } : {}) } });
    return { intent, saved: 'Task added' };
  } catch (error) {
    return { intent, formError: formErrorMessage(error) };
  }
};

