import { callApi } from '../api.server';
import { readRecord } from './shell/refuse.server';
import { apiProblem } from './api-fields.server';
import { statesOfForm, type JourneyState } from './journey-states';

export interface Journey {
  id: string;
  title: string;
  defaultState?: string;
  states?: JourneyState[];
}

export const JOURNEY_FIELDS = ['title', 'states', 'defaultState'] as const;
export type JourneyField = (typeof JOURNEY_FIELDS)[number];
export type JourneyFormState = { saved?: string; fieldErrors?: Partial<Record<JourneyField, string>>; formError?: string };

/**
 * Creates a journey (no id) or saves an existing one from the submitted form. On save, states replace
 * the stored list (replaceObjectFields), so a row emptied in the list is a state removed.
 */
export const submitJourney = async (authToken: string, form: FormData, id?: string): Promise<JourneyFormState> => {
  const title = String(form.get('title') ?? '').trim();
  const states = statesOfForm(form);
  const defaultState = String(form.get('defaultState') ?? '').trim();
  if (!title) return { fieldErrors: { title: 'A title is required' } };
  const fields: Record<string, unknown> = { title };
  if (states.length) fields.states = states;
  if (defaultState) fields.defaultState = defaultState;
  try {
    const journey = id
      ? await callApi<Journey>(`/v1/journey/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates: fields, options: { replaceObjectFields: true } } })
      : await callApi<Journey>('/v1/journey', { method: 'POST', authToken, body: fields });
    return { saved: journey.title };
  } catch (error) {
    const problem = apiProblem(error, JOURNEY_FIELDS);
    return problem.field ? { fieldErrors: { [problem.field]: problem.message } } : { formError: problem.message };
  }
};

/** One journey, or a 404 page when the id names none the caller may see. */
/** The journey, or the staff app's not-found page for journeys (missing, malformed or out of reach read alike). */
export const loadJourney = (authToken: string, id: string) => readRecord('journey', () => callApi<Journey>(`/v1/journey/${encodeURIComponent(id)}`, { authToken }));
