import type { DataSource } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import { applyVisibility, authorize, visibilityFilter } from '../resources/access';
import type { ResourceEngine } from '../resources/engine';
import type { RealtimeChange } from './bus';

/**
 * Who may read a changed record now, decided by the code that answers getOne: the resource's access
 * by role (authorize) per caller, then the row conditions (tenant, organization scope, 'Assigned'
 * levels, an enduser's own records and rooms) by the engine's own query. Callers whose row conditions
 * are identical share one query, so a thousand admins of one organization cost one read.
 */
const sameRowsKey = (definition: ResourceDefinition, caller: Caller) => {
  const visibility = visibilityFilter(definition, caller, 'read');
  return JSON.stringify([caller.type, caller.businessId, caller.organizationIds.at(-1) ?? null, visibility?.sql ?? null, visibility?.params ?? null]);
};

/**
 * A deleted record is gone from its table, so its last state (from the change) is read as a row of
 * that table's type and put through the same conditions.
 */
const couldReadDeleted = async (dataSource: DataSource, definition: ResourceDefinition, caller: Caller, record: Record<string, unknown>) => {
  const query = dataSource
    .createQueryBuilder()
    .select('1', 'one')
    .from(`(SELECT * FROM jsonb_populate_record(NULL::"${definition.name}", CAST(:realtimeRow AS jsonb)))`, 'record')
    .where('record."businessId" = :realtimeBusiness', { realtimeBusiness: caller.businessId })
    .setParameter('realtimeRow', JSON.stringify(record));
  applyVisibility(query, definition, caller);
  return (await query.limit(1).getRawMany()).length > 0;
};

/**
 * For each caller who may read the changed record: what they receive. Created and updated: the
 * record as getOne answers it to them now. Deleted: its id. Callers not in the map receive nothing.
 */
export const readersOf = async <T extends { caller: Caller }>(
  engine: ResourceEngine,
  dataSource: DataSource,
  definition: ResourceDefinition,
  change: RealtimeChange,
  audience: T[],
): Promise<Map<T, unknown>> => {
  const id = String(change.record._id);
  const groups = new Map<string, T[]>();
  for (const member of audience) {
    if (member.caller.businessId !== change.businessId) continue;
    try {
      authorize(definition, 'read', member.caller, { id });
    } catch {
      continue;
    }
    const key = sameRowsKey(definition, member.caller);
    const group = groups.get(key);
    if (group) group.push(member);
    else groups.set(key, [member]);
  }
  const readers = new Map<T, unknown>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const representative = group[0].caller;
      let payload: unknown;
      try {
        if (change.kind === 'deleted') {
          if (!(await couldReadDeleted(dataSource, definition, representative, change.record))) return;
          payload = id;
        } else {
          payload = await engine.getOne(definition, representative, id);
        }
      } catch {
        // Not found for this caller (outside their rows, or already gone): nothing to send.
        return;
      }
      for (const member of group) readers.set(member, payload);
    }),
  );
  return readers;
};
