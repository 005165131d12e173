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

/** The plan the form names, if it is this patient's (a forged id of another patient's plan changes nothing). */
const ownPlan = async (authToken: string, enduserId: string, form: FormData) => {
  const id = text(form, 'planId');
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  const plan = await callApi<{ id: string; title?: string; enduserId?: string }>(`/v1/care-plan/${encodeURIComponent(id)}`, { authToken }).catch(() => undefined);
  return plan?.enduserId === enduserId ? plan : undefined;
};

const GONE = 'This care plan is no longer on this record: reload the page.';

/** A plan's new title and text (its title still one per patient). */
export const editCarePlan = async (authToken: string, enduserId: string, form: FormData): Promise<AdditionState> => {
  const intent = 'care-plan-edit';
  const plan = await ownPlan(authToken, enduserId, form);
  if (!plan) return { intent, formError: GONE };
  const title = text(form, 'planTitle');
  if (!title) return { intent, fieldErrors: { [`planTitle:${plan.id}`]: 'Give the care plan a title' } };
  try {
    await callApi(`/v1/care-plan/${encodeURIComponent(plan.id)}`, { method: 'PATCH', authToken, body: { updates: { title, description: text(form, 'planDescription') } } });
    return { intent, saved: `${title} saved` };
  } catch (error) {
    if (error instanceof ApiError && error.message === 'Uniqueness Violation') return { intent, fieldErrors: { [`planTitle:${plan.id}`]: `This patient already has a care plan called ${title}` } };
    return { intent, formError: formErrorMessage(error) };
  }
};

/** Deletes a plan; its appointments stay, no longer part of it. */
export const deleteCarePlan = async (authToken: string, enduserId: string, form: FormData): Promise<AdditionState> => {
  const intent = 'care-plan-delete';
  const plan = await ownPlan(authToken, enduserId, form);
  if (!plan) return { intent, formError: GONE };
  try {
    await callApi(`/v1/care-plan/${encodeURIComponent(plan.id)}`, { method: 'DELETE', authToken });
    return { intent, saved: `${plan.title ?? 'The care plan'} deleted` };
  } catch (error) {
    return { intent, formError: formErrorMessage(error) };
  }
};
