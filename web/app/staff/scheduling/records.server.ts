import { redirect } from '@remix-run/node';
import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { readRecord } from '../shell/refuse.server';

/**
 * The booking setup's records (appointment types, locations, booking pages) through the api's generic
 * calls: the api validates, checks the role and scopes to the caller's business; a refusal comes back
 * with its own message, on the field it names when it names one.
 */
export interface SetupResource {
  /** The api's path for one record and for many (`/v1/appointment-location`, `/v1/appointment-locations`). */
  one: string;
  many: string;
  /** Where the list of this kind lives in the staff app. */
  listPath: string;
}

export const APPOINTMENT_TYPES: SetupResource = { one: 'calendar-event-template', many: 'calendar-event-templates', listPath: '/staff/scheduling/types' };
export const LOCATIONS: SetupResource = { one: 'appointment-location', many: 'appointment-locations', listPath: '/staff/scheduling/locations' };
export const BOOKING_PAGES: SetupResource = { one: 'appointment-booking-page', many: 'appointment-booking-pages', listPath: '/staff/scheduling/booking-pages' };

export type Row = Record<string, unknown> & { id: string };

export const listRecords = (authToken: string, resource: SetupResource) =>
  callApi<Row[]>(`/v1/${resource.many}`, { authToken, query: { limit: '1000', sort: 'oldFirst' } });

/** One record for an edit page ('new' is none); unknown, refused or malformed ids become the staff app's not-found page. */
export const readSetupRecord = (authToken: string, resource: SetupResource, id: string | undefined) =>
  id === 'new' || !id ? Promise.resolve(undefined) : readRecord('record', () => callApi<Row>(`/v1/${resource.one}/${encodeURIComponent(id)}`, { authToken }));

/** What a form's action answers when the api refuses: the message, and the field it belongs to when it names one. */
export interface SaveProblem {
  message: string;
  field?: string;
}

/**
 * Creates (no id) or updates the record from a form's values: empty values are left out of a create
 * and cleared (null) on an update; lists and objects are replaced whole. Redirects to the list with a
 * notice when saved.
 */
export const saveSetupRecord = async (authToken: string, resource: SetupResource, id: string | undefined, values: Record<string, unknown>, notice: string) => {
  const empty = (value: unknown) => value === '' || value === undefined || value === null;
  try {
    if (id) {
      const updates = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, empty(value) ? null : value]));
      await callApi(`/v1/${resource.one}/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates, options: { replaceObjectFields: true } } });
    } else {
      await callApi(`/v1/${resource.one}`, { method: 'POST', authToken, body: Object.fromEntries(Object.entries(values).filter(([, value]) => !empty(value))) });
    }
  } catch (error) {
    // Answered as 200 with the problem, so the page shows it without the browser logging a failed request.
    return { problem: apiProblem(error, Object.keys(values)) as SaveProblem };
  }
  return redirect(`${resource.listPath}?notice=${encodeURIComponent(notice)}`);
};

export const deleteSetupRecord = async (authToken: string, resource: SetupResource, id: string, notice: string) => {
  try {
    await callApi(`/v1/${resource.one}/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
  } catch (error) {
    return { problem: apiProblem(error, []) as SaveProblem };
  }
  return redirect(`${resource.listPath}?notice=${encodeURIComponent(notice)}`);
};

/** A form's submission: JSON from the react-hook-form forms, form data from the delete dialog. */
export const readSubmission = async (request: Request): Promise<{ intent: 'delete' } | { intent: 'save'; values: Record<string, unknown> }> => {
  if ((request.headers.get('Content-Type') ?? '').includes('application/json')) return { intent: 'save', values: (await request.json()) as Record<string, unknown> };
  const form = await request.formData();
  return form.get('intent') === 'delete' ? { intent: 'delete' } : { intent: 'save', values: Object.fromEntries(form) };
};
