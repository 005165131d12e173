import type { DataSource } from 'typeorm';
import { endusers } from '@carelane/db';
import { ENDUSER_FIELD_COUNTS } from '@carelane/db/internal/enduser-field-counts';
import { organizationScope, visibilityFilter } from '@carelane/engine';
import type { Caller } from '../../auth/caller';
import type { AnalyticsRequest } from './input';

export interface FieldCount {
  key: string | null;
  value: number;
}

/**
 * Every patient the caller may see counted by one custom field, from the counters PostgreSQL keeps
 * (db/src/internal/enduser-field-counts.ts): a few rows per value and placement instead of every
 * patient (over a second at a million patients; docs/decisions.md "Counted fields"). Only for the
 * plain question the counters hold, asked by a caller whose view of patients is their organization
 * scope alone; answers undefined otherwise, and the count reads the patients. Rows as the full count
 * answers them: largest group first, then by key, the patients without the field (key null) as one group.
 */
export const countsFromFieldCounters = async (dataSource: DataSource, caller: Caller, request: AnalyticsRequest, isColumn: (field: string) => boolean): Promise<FieldCount[] | undefined> => {
  const grouping = request.grouping;
  if (request.resource !== 'Endusers' || grouping?.by !== 'Field' || !grouping.field || isColumn(grouping.field)) return undefined;
  const bounded = [request.createdRange, request.updatedRange].some((range) => range.from || range.to);
  if (request.range || request.filter.length || bounded) return undefined;
  // A role that sees only some patients (its care team's ...) has row conditions the counters cannot apply.
  if (visibilityFilter(endusers, caller, 'read') !== undefined) return undefined;
  // raw SQL: the counters are an internal table with no resource definition; the caller's organization scope is applied below as the engine applies it to patients.
  const scoped = dataSource
    .createQueryBuilder()
    .select('record.field', 'field')
    .addSelect('record.value', 'value')
    .addSelect('record.count', 'count')
    .from(ENDUSER_FIELD_COUNTS, 'record')
    .where('record."businessId" = :countsBusinessId', { countsBusinessId: caller.businessId })
    .andWhere('record.field IN (:...countedFields)', { countedFields: [grouping.field, ''] });
  // The caller's organization scope, over the placement columns the counters share with patients.
  organizationScope(scoped, endusers, caller, 'record');
  const [sql, params] = scoped.getQueryAndParameters();
  // raw SQL: sums of an internal table, scoped above as the engine scopes patients; the patients without the field are the placement totals (field '') less the value counts.
  const rows: { key: string | null; value: string }[] = await dataSource.query(
    `WITH scoped AS (${sql}),
          grouped AS (SELECT CASE WHEN field = '' THEN NULL ELSE value END AS key, field = '' AS total, SUM(count) AS n FROM scoped GROUP BY 1, 2),
          counted AS (SELECT key, CASE WHEN total THEN n - SUM(CASE WHEN total THEN 0 ELSE n END) OVER () ELSE n END AS value FROM grouped)
     SELECT key, value FROM counted WHERE value > 0 ORDER BY value DESC, key ASC NULLS LAST`,
    params,
  );
  return rows.map((row) => ({ key: row.key, value: Number(row.value) }));
};
