import { resourceByName } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import { parseListQuery } from '../../resources/list-query';
import { authorize, type ListOptions } from '@carelane/engine';
import { defineAction, JsonAnswer } from '../action';
import { CheckedByHandler, S } from '../input';

class BulkReadInput {
  @CheckedByHandler(S.listOf({ type: 'object', properties: { model: { type: 'string' }, options: { type: 'object' } } }, 25), { required: true })
  load!: unknown;
}

/** At most this many lists in one call (the console's first load asks for a handful). */
const MAX_LOADS = 25;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * POST /v1/bulk-actions/read { load: [{ model, options }] } → { results: [{ records } | null] }: several
 * getSome calls in one request (the reference client's bulk_load), each exactly as the generic list
 * call would answer the caller (visibility, organization scope, filters, paging). A model that is not
 * a resource, or one the caller may not read at all, answers null in its place rather than failing the
 * rest; a list the list call would refuse (a hidden room named) fails the call, as the client expects.
 */
export const bulkRead = defineAction({
  method: 'post',
  path: '/bulk-actions/read',
  auth: 'any',
  input: BulkReadInput,
  readOnly: true,
  handler: async ({ services, caller }, input) => {
    const load = input.load;
    if (!Array.isArray(load) || load.some((entry) => !isObject(entry))) throw badRequest('Error parsing field load: Expecting a list of objects');
    if (load.length > MAX_LOADS) throw badRequest(`Error parsing field load: Arrays should not contain more than ${MAX_LOADS} elements`);
    // Each list as its JSON text (built by PostgreSQL, as the list call's), all read at once: a
    // patient record asks for a dozen lists in one call (web/app/staff/patient/patient.server.ts).
    const results = await Promise.all(
      (load as Record<string, unknown>[]).map(async (entry) => {
        const definition = typeof entry.model === 'string' ? resourceByName.get(entry.model) : undefined;
        if (!definition) return 'null';
        const options = isObject(entry.options) ? entry.options : {};
        // The same parsing as the list call's query string (filter, limit, lastId, from).
        const list: ListOptions = parseListQuery({
          filter: isObject(options.filter) ? JSON.stringify(options.filter) : undefined,
          limit: options.limit === undefined ? undefined : String(options.limit),
          lastId: typeof options.lastId === 'string' ? options.lastId : undefined,
          from: options.from === undefined ? undefined : String(options.from),
        } as never);
        try {
          authorize(definition, 'read', caller!);
        } catch (error) {
          if (error instanceof ApiError && error.status === 403) return 'null';
          throw error;
        }
        // Past the model check, a refusal fails the call as the list call would (a hidden room named).
        return `{"records":${await services.engine.getSomeJson(definition, caller!, list)}}`;
      }),
    );
    return new JsonAnswer(`{"results":[${results.join(',')}]}`);
  },
});
