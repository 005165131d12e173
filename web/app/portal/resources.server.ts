import { callApi } from '../api.server';

/** A record as the API answers it; each page reads the fields it needs. */
export type ApiRecord = { id: string; [field: string]: unknown };

interface ListOptions {
  filter?: Record<string, unknown>;
  limit?: number;
  sort?: 'newFirst' | 'oldFirst';
}

/**
 * The generic list call (docs/contract/api.md#generic-calls) with the enduser's token: `GET /v1/<resource>` where resource is
 * the plural path (`calendar-events`, `form-responses` ...). The API scopes it to what the enduser may see.
 */
export const listRecords = (authToken: string, resource: string, options: ListOptions = {}) => {
  const query: Record<string, string> = {};
  if (options.filter) query.filter = JSON.stringify(options.filter);
  if (options.limit) query.limit = String(options.limit);
  if (options.sort) query.sort = options.sort;
  return callApi<ApiRecord[]>(`/v1/${resource}`, { authToken, query });
};

/** The generic get-one call: `GET /v1/<resource singular>/:id`. */
export const getRecord = (authToken: string, singular: string, id: string) =>
  callApi<ApiRecord>(`/v1/${singular}/${encodeURIComponent(id)}`, { authToken });

/** The generic update call: `PATCH /v1/<resource singular>/:id` with `{ updates }`. */
export const updateRecord = (authToken: string, singular: string, id: string, updates: Record<string, unknown>) =>
  callApi<ApiRecord>(`/v1/${singular}/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates } });

/** The generic create call: `POST /v1/<resource singular>`. */
export const createRecord = (authToken: string, singular: string, record: Record<string, unknown>) =>
  callApi<ApiRecord>(`/v1/${singular}`, { method: 'POST', authToken, body: record });

/** The generic delete call: `DELETE /v1/<resource singular>/:id`. */
export const deleteRecord = (authToken: string, singular: string, id: string) =>
  callApi(`/v1/${singular}/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
