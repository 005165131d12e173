import { callApi } from '../api.server';

/** A record as a list answers it. */
export interface Row extends Record<string, unknown> {
  id: string;
}

/** One list of a bulk read: a resource by its model name, and the list call's filter and limit. */
export interface ListLoad {
  model: string;
  options?: { filter?: Record<string, unknown>; limit?: number };
}

/**
 * Several lists in one request (POST /v1/bulk-actions/read), each answered exactly as its own list
 * call would answer this staff member (newest first). A list the role may not read comes back empty,
 * as `readable` leaves it out of a page: a page that needs a dozen lists waits for one round trip.
 */
export const bulkRead = async <K extends string>(authToken: string, loads: Record<K, ListLoad>): Promise<Record<K, Row[]>> => {
  const names = Object.keys(loads) as K[];
  if (names.length === 0) return {} as Record<K, Row[]>;
  const { results } = await callApi<{ results: ({ records: Row[] } | null)[] }>('/v1/bulk-actions/read', {
    method: 'POST',
    authToken,
    body: { load: names.map((name) => loads[name]) },
  });
  return Object.fromEntries(names.map((name, index) => [name, results[index]?.records ?? []])) as Record<K, Row[]>;
};

/** Groups of loads as one, refusing a name two groups share (a spread would silently keep only the last). */
export const distinctLoads = <A extends Record<string, ListLoad>, B extends Record<string, ListLoad>, C extends Record<string, ListLoad>>(a: A, b: B, c: C): A & B & C => {
  const names = [a, b, c].flatMap((group) => Object.keys(group));
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`Two lists of one bulk read are both named ${repeated}`);
  return { ...a, ...b, ...c };
};
