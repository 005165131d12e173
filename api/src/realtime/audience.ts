import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import { ApiError } from '../errors';
import { authorize, organizationScope, visibilityFilter, type Visibility, type ResourceEngine } from '@carelane/engine';
import type { RealtimeChange } from './bus';

/**
 * Who may read a changed record now, decided by the code that answers getOne: the resource's access
 * by role (`authorize`) per caller, then the row conditions (tenant, organization scope, 'Assigned'
 * levels, an enduser's own records and rooms: `visibilityFilter` and `organizationScope`, which the
 * engine's getOne applies) evaluated in the database.
 *
 * Callers are grouped by the SQL of their row conditions. Where a group's parameters are the same
 * (every admin of an organization) one getOne answers for all of them. Where only the parameters
 * differ (each enduser is `:visMe` in the same condition: a thousand patients with the portal open),
 * one query evaluates the condition for every caller of the group at once, each caller's parameters
 * bound from a row of an unnest(...) relation, and one getOne fetches what they receive.
 */

const TYPEORM_PARAMETER = /:([A-Za-z0-9_.]+)/g;

interface Member {
  caller: Caller;
}

interface Group<T extends Member> {
  visibility?: Visibility;
  members: T[];
}

/** The last state of a deleted record, read as a row of its table (it is no longer in it). */
const deletedRow = (dataSource: DataSource, definition: ResourceDefinition, record: Record<string, unknown>) =>
  // raw SQL: a deleted record, read from the change itself as a row, so the engine's visibility SQL can test it.
  dataSource
    .createQueryBuilder()
    .select('1', 'one')
    .from(`(SELECT * FROM jsonb_populate_record(NULL::"${definition.name}", CAST(:realtimeRow AS jsonb)))`, 'record')
    .setParameter('realtimeRow', JSON.stringify(record));

/** The record, from its table or (deleted) from the change, within the business, under `caller`'s organization scope. */
const recordQuery = (dataSource: DataSource, definition: ResourceDefinition, change: RealtimeChange, caller: Caller): SelectQueryBuilder<object> => {
  const query =
    change.kind === 'deleted'
      ? deletedRow(dataSource, definition, change.record)
      // raw SQL: one query decides for a whole batch of subscribers with the engine's own visibility SQL; the engine answers for one caller at a time.
      : dataSource.createQueryBuilder(definition.name, 'record').select('1', 'one').where('record._id = :realtimeId', { realtimeId: String(change.record._id) });
  query.andWhere('record."businessId" = :realtimeBusiness', { realtimeBusiness: change.businessId });
  organizationScope(query, definition, caller);
  return query;
};

/** Whether one caller may read the record (its row conditions as getOne applies them). */
const mayRead = async (dataSource: DataSource, definition: ResourceDefinition, change: RealtimeChange, caller: Caller, visibility: Visibility | undefined) => {
  const query = recordQuery(dataSource, definition, change, caller);
  if (visibility) query.andWhere(`(${visibility.sql})`, visibility.params);
  return (await query.limit(1).getRawMany()).length > 0;
};

/**
 * The members of a group (one SQL condition, parameters differing per caller) who may read the
 * record, in one query: the condition's caller parameters become columns of a relation with a row
 * per member. Undefined when the parameters are not all strings (then each is asked alone).
 */
const mayReadMany = async <T extends Member>(dataSource: DataSource, definition: ResourceDefinition, change: RealtimeChange, group: Group<T>) => {
  const { visibility, members } = group;
  if (!visibility) return undefined;
  const names = Object.keys(visibility.params);
  const columns = names.map((name) => members.map((member) => visibilityFilter(definition, member.caller, 'read')?.params[name]));
  if (columns.some((values) => values.some((value) => typeof value !== 'string'))) return undefined;
  const index = new Set(names);
  const perMember = visibility.sql.replace(TYPEORM_PARAMETER, (whole, name: string) => (index.has(name) ? `batch."${name}"` : whole));
  const inner = recordQuery(dataSource, definition, change, members[0].caller).andWhere(`(${perMember})`);
  const relation = [`CAST(:realtimeMembers AS int[])`, ...names.map((_name, i) => `CAST(:realtimeColumn${i} AS text[])`)].join(', ');
  // raw SQL: one query decides for a whole batch of subscribers with the engine's own visibility SQL; the engine answers for one caller at a time.
  const outer = dataSource
    .createQueryBuilder()
    .select('batch.member', 'member')
    .from(`(SELECT * FROM unnest(${relation}) AS batch(member, ${names.map((name) => `"${name}"`).join(', ')}))`, 'batch')
    .where(`EXISTS (${inner.getQuery()})`)
    .setParameters({ ...inner.getParameters(), realtimeMembers: members.map((_member, i) => i) });
  columns.forEach((values, i) => outer.setParameter(`realtimeColumn${i}`, values));
  const rows = (await outer.getRawMany()) as { member: number }[];
  return rows.map((row) => members[row.member]);
};

/**
 * Which members are the same reader: the caller as a whole (kind, id, roles, permissions, scope, the
 * account's record the rules may read), computed once per caller object (a session's caller is
 * replaced, never changed, when its session is rechecked). A thousand sockets of one account, or of
 * accounts alike in everything getOne reads, are decided once per change.
 */
const audienceKeys = new WeakMap<Caller, string>();
const audienceKeyOf = (caller: Caller) => {
  let key = audienceKeys.get(caller);
  if (key === undefined) audienceKeys.set(caller, (key = JSON.stringify(caller)));
  return key;
};

/**
 * For each member who may read the changed record: what they receive (see `decide`), decided once per
 * distinct audience (members whose callers are identical) and shared by its members as one object,
 * so the hub hands it to their sockets as one batch.
 */
export const readersOf = async <T extends Member>(
  engine: ResourceEngine,
  dataSource: DataSource,
  definition: ResourceDefinition,
  change: RealtimeChange,
  audience: T[],
): Promise<Map<T, unknown>> => {
  const audiences = new Map<string, T[]>();
  for (const member of audience) {
    if (member.caller.businessId !== change.businessId) continue;
    const key = audienceKeyOf(member.caller);
    const members = audiences.get(key);
    if (members) members.push(member);
    else audiences.set(key, [member]);
  }
  const representatives = [...audiences.values()].map((members) => members[0]);
  const decided = await decide(engine, dataSource, definition, change, representatives);
  const readers = new Map<T, unknown>();
  for (const members of audiences.values()) {
    if (!decided.has(members[0])) continue;
    const payload = decided.get(members[0]);
    for (const member of members) readers.set(member, payload);
  }
  return readers;
};

/**
 * For each member who may read the changed record: what they receive. Created and updated: the
 * record as getOne answers that member (one object shared by the members whose view does not depend
 * on who reads it). Deleted: its id. Members not in the map receive nothing.
 */
const decide = async <T extends Member>(
  engine: ResourceEngine,
  dataSource: DataSource,
  definition: ResourceDefinition,
  change: RealtimeChange,
  audience: T[],
): Promise<Map<T, unknown>> => {
  const id = String(change.record._id);
  const groups = new Map<string, Group<T>>();
  for (const member of audience) {
    if (member.caller.businessId !== change.businessId) continue;
    try {
      authorize(definition, 'read', member.caller, { id });
    } catch {
      continue;
    }
    const visibility = visibilityFilter(definition, member.caller, 'read');
    const key = JSON.stringify([member.caller.type, member.caller.organizationIds.at(-1) ?? null, visibility?.sql ?? null, Object.keys(visibility?.params ?? {})]);
    const group = groups.get(key) ?? { visibility, members: [] };
    group.members.push(member);
    groups.set(key, group);
  }

  const readers = new Map<T, unknown>();
  /**
   * What each allowed member receives: the id of a deleted record; otherwise one read as the first
   * member (they share row conditions) presented to each member by getOne's own reader code, so an
   * enduser never receives more than its getOne answers (a room's other members' unread counts).
   */
  const deliverTo = async (members: T[]) => {
    if (change.kind === 'deleted') {
      for (const member of members) readers.set(member, id);
      return;
    }
    const views = await engine.getOneForEach(definition, members[0].caller, id, members.map((member) => member.caller));
    members.forEach((member, i) => readers.set(member, views[i]));
  };
  await Promise.all(
    [...groups.values()].map(async (group) => {
      try {
        const sameParameters = group.members.every((member) => JSON.stringify(visibilityFilter(definition, member.caller, 'read')?.params) === JSON.stringify(group.visibility?.params));
        let allowed: T[] | undefined;
        if (sameParameters && change.kind !== 'deleted') {
          // getOne's own read decides for all of them (it throws 404 when the record is not theirs).
          return await deliverTo(group.members);
        }
        if (sameParameters) {
          allowed = (await mayRead(dataSource, definition, change, group.members[0].caller, group.visibility)) ? group.members : [];
        } else {
          allowed = await mayReadMany(dataSource, definition, change, group);
          if (!allowed) {
            allowed = [];
            for (const member of group.members) {
              if (await mayRead(dataSource, definition, change, member.caller, visibilityFilter(definition, member.caller, 'read'))) allowed.push(member);
            }
          }
        }
        if (allowed.length) await deliverTo(allowed);
      } catch (error) {
        // Not found (deleted meanwhile) means nothing to send; anything else is worth a line in the log.
        if (!(error instanceof ApiError)) console.error(`realtime: could not decide who reads ${change.resource} ${id}: ${(error as Error).message}`);
      }
    }),
  );
  return readers;
};
