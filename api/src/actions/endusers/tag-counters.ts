import type { DataSource } from 'typeorm';
import { endusers } from '@carelane/db';
import { ENDUSER_TAG_COUNTS } from '@carelane/db/internal/enduser-tag-counts';
import { organizationScope, visibilityFilter } from '@carelane/engine';
import type { Caller } from '../../auth/caller';

/**
 * The tags on the patients the caller may see with how many carry each, from the counters PostgreSQL
 * keeps (db/src/internal/enduser-tag-counts.ts): a few rows per tag and placement instead of every
 * patient's tags (2.7 s at a million patients; docs/decisions.md "Tags in use, counted"). Only for a
 * caller whose view of patients is their organization scope alone; undefined otherwise, and the tags
 * are read from the patients. Most used first, then by name, at most `limit`.
 */
export const tagsFromCounters = async (dataSource: DataSource, caller: Caller, limit: number): Promise<{ tag: string; count: string }[] | undefined> => {
  // A role that sees only some patients (its care team's ...) has row conditions the counters cannot apply.
  if (visibilityFilter(endusers, caller, 'read') !== undefined) return undefined;
  // raw SQL: the counters are an internal table with no resource definition; the caller's organization scope is applied below as the engine applies it to patients.
  const scoped = dataSource
    .createQueryBuilder()
    .select('record.tag', 'tag')
    .addSelect('record.count', 'count')
    .from(ENDUSER_TAG_COUNTS, 'record')
    .where('record."businessId" = :tagCountsBusinessId', { tagCountsBusinessId: caller.businessId });
  // The caller's organization scope, over the placement columns the counters share with patients.
  organizationScope(scoped, endusers, caller, 'record');
  const [sql, params] = scoped.getQueryAndParameters();
  // raw SQL: sums of an internal table, scoped above as the engine scopes patients.
  return dataSource.query(`SELECT tag, SUM(count) AS count FROM (${sql}) AS scoped GROUP BY tag HAVING SUM(count) > 0 ORDER BY 2 DESC, tag ASC LIMIT ${Number(limit)}`, params);
};
