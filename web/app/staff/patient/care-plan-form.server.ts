import { ApiError, callApi, formErrorMessage } from '../../api.server';
import type { AdditionState } from '../task-queue/new-task.server';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

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
