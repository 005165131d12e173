import { ApiError, callApi, formErrorMessage } from '../../api.server';
import { typedInstant } from '../calendar/appointment-actions.server';

export type AdditionState = { intent: string; saved?: string; formError?: string; fieldErrors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Without a time, a task is due by the end of its day on the staff member's clock. */
const END_OF_DAY = '23:59';

/**
 * A task about this patient (a ticket): a title, who does it (the staff member themself unless they
 * pick a colleague) and when it is due, typed on their own clock. It joins the task queue and Today.
 */
export const addTask = async (authToken: string, enduserId: string, form: FormData, zone: string): Promise<AdditionState> => {
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
    await callApi('/v1/ticket', { method: 'POST', authToken, body: { title, enduserId, ...(owner ? { owner } : {}), ...(due !== undefined ? { dueDateInMS: due } : {}) } });
    return { intent, saved: 'Task added' };
  } catch (error) {
    return { intent, formError: formErrorMessage(error) };
  }
};

/** A care plan for this patient: a title (one per title and patient) and what it says. */
export const addCarePlan = async (authToken: string, enduserId: string, form: FormData): Promise<AdditionState> => {
  const intent = 'care-plan';
  const title = text(form, 'planTitle');
  if (!title) return { intent, fieldErrors: { planTitle: 'Give the care plan a title' } };
  const description = text(form, 'planDescription');
  try {
    await callApi('/v1/care-plan', { method: 'POST', authToken, body: { title, enduserId, ...(description ? { description } : {}) } });
    return { intent, saved: 'Care plan added' };
  } catch (error) {
    if (error instanceof ApiError && error.message === 'Uniqueness Violation') return { intent, fieldErrors: { planTitle: `This patient already has a care plan called ${title}` } };
    return { intent, formError: formErrorMessage(error) };
  }
};
