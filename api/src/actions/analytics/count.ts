import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { calendar_events, endusers, form_responses, purchase_credits, purchases, tickets, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { applyVisibility, authorize } from '@carelane/engine';
import { countsFromFieldCounters } from './field-counters';
import type { AnalyticsGrouping, AnalyticsInterval, AnalyticsRangeKey, AnalyticsRequest, AnalyticsResource } from './input';

/**
 * How each resource the spec names is counted: its table, how its records name their enduser (for
 * grouping by the enduser's gender, assignees or fields), and its date columns by range key.
 * Calendar events have no enduserId: their endusers are their enduser attendees.
 */
const SOURCES: Record<AnalyticsResource, { definition: ResourceDefinition; enduser: 'self' | 'enduserId' | 'attendees' }> = {
  Endusers: { definition: endusers, enduser: 'self' },
  'Calendar Events': { definition: calendar_events, enduser: 'attendees' },
  'Form Responses': { definition: form_responses, enduser: 'enduserId' },
  Purchases: { definition: purchases, enduser: 'enduserId' },
  'Purchase Credits': { definition: purchase_credits, enduser: 'enduserId' },
  Tickets: { definition: tickets, enduser: 'enduserId' },
};

const DATE_COLUMNS: Record<AnalyticsRangeKey, string> = {
  'Created At': 'createdAt',
  'Updated At': 'updatedAt',
  'Submitted At': 'submittedAt',
  'Closed At': 'closedAt',
};

/** PostgreSQL date_trunc units; weeks start on Monday (ISO), every bucket on the request's clock. */
const UNITS: Record<AnalyticsInterval, string> = { Daily: 'day', Weekly: 'week', Monthly: 'month' };

/** The key of records whose group has no value (no gender, no assignee, field unset, no enduser). */
export const NO_VALUE_KEY = 'None';

/** Enduser columns 'Field' may name directly; any other name is looked up among the custom fields. */
const ENDUSER_COLUMNS = new Set(
  Object.entries(endusers.fields)
    .filter(([, field]) => field.column !== 'json' && !field.secret && field.validate)
    .map(([name]) => name),
);

const jsonList = (expression: string) => `(CASE WHEN jsonb_typeof(${expression}) = 'array' THEN ${expression} ELSE '[]'::jsonb END)`;

/** The grouping key of one row, as SQL over the enduser alias (Assigned To: one row per assignee). */
const keyExpression = (grouping: AnalyticsGrouping, enduser: string) => {
  switch (grouping.by) {
    case 'Gender':
      return `${enduser}.gender`;
    case 'Assigned To':
      // A set-returning select: one row per assignee, and one NULL row for an enduser with none.
      return `jsonb_array_elements_text(CASE WHEN jsonb_array_length(${jsonList(`${enduser}."assignedTo"`)}) > 0 THEN ${enduser}."assignedTo" ELSE '[null]'::jsonb END)`;
    case 'Field':
      return ENDUSER_COLUMNS.has(grouping.field) ? `CAST(${enduser}."${grouping.field}" AS text)` : `${enduser}.fields ->> :analyticsField`;
  }
};

/**
 * Joins, as `enduser`, the endusers the caller may see (business and organization scope): a record
 * whose enduser is outside that scope groups under NO_VALUE_KEY rather than revealing the enduser.
 */
const joinEndusers = (query: SelectQueryBuilder<object>, caller: Caller, how: 'enduserId' | 'attendees', grouping: AnalyticsGrouping) => {
  const on =
    how === 'enduserId'
      ? 'enduser._id = record."enduserId"'
      : `enduser._id IN (SELECT attendee->>'id' FROM jsonb_array_elements(${jsonList('record.attendees')}) AS attendee WHERE attendee->>'type' = 'enduser')`;
  query.leftJoin(
    (sub) => {
      const scoped = sub
        .select('scoped._id', '_id')
        .addSelect('scoped.gender', 'gender')
        .addSelect('scoped."assignedTo"', 'assignedTo')
        .addSelect('scoped.fields', 'fields')
        .from(endusers.name, 'scoped')
        .where('scoped."businessId" = :analyticsBusinessId');
      if (grouping.by === 'Field' && ENDUSER_COLUMNS.has(grouping.field)) scoped.addSelect(`scoped."${grouping.field}"`, grouping.field);
      applyVisibility(scoped, endusers, caller, 'read', 'scoped');
      return scoped;
    },
    'enduser',
    on,
  );
};

/** The rows to count: one per record (per record and group for multi-valued groupings), with their bucket and key. */
const countedRows = (query: SelectQueryBuilder<object>, caller: Caller, request: AnalyticsRequest) => {
  const { definition, enduser } = SOURCES[request.resource];
  query
    .select('record._id', 'id')
    .from(definition.name, 'record')
    .where('record."businessId" = :analyticsBusinessId', { analyticsBusinessId: caller.businessId });
  applyVisibility(query, definition, caller, 'read', 'record');
  const { createdRange, updatedRange } = request;
  if (createdRange.from) query.andWhere('record."createdAt" >= :createdFrom', { createdFrom: createdRange.from });
  if (createdRange.to) query.andWhere('record."createdAt" <= :createdTo', { createdTo: createdRange.to });
  if (updatedRange.from) query.andWhere('record."updatedAt" >= :updatedFrom', { updatedFrom: updatedRange.from });
  if (updatedRange.to) query.andWhere('record."updatedAt" <= :updatedTo', { updatedTo: updatedRange.to });
  for (const condition of request.filter) query.andWhere(`(${condition.sql})`, condition.params);
  if (request.range) {
    const column = `record."${DATE_COLUMNS[request.range.key]}"`;
    // Records without the date (a ticket not closed ...) fall in no bucket.
    query
      .addSelect(`date_trunc('${UNITS[request.range.interval]}', ${column}, CAST(:analyticsZone AS text))`, 'bucket')
      .andWhere(`${column} IS NOT NULL`)
      .setParameter('analyticsZone', request.timeZone);
  }
  if (request.grouping) {
    if (enduser !== 'self') joinEndusers(query, caller, enduser, request.grouping);
    if (request.grouping.by === 'Field') query.setParameter('analyticsField', request.grouping.field);
    query.addSelect(keyExpression(request.grouping, enduser === 'self' ? 'record' : 'enduser'), 'key');
  }
  return query;
};

export interface AnalyticsValue {
  key?: string;
  userId?: string;
  timestamp?: Date;
  value: number;
}

export type AnalyticsAnswer = { count: number } | { values: AnalyticsValue[] };

/**
 * Counts in PostgreSQL (COUNT, DISTINCT where a record gives several rows, over the scoped rows, GROUP BY bucket and key), never by
 * loading records. Without range and grouping the answer is { count }; otherwise { values }, one per
 * non-empty bucket and group, in time order, then largest group first.
 */
export const countForAnalyticsQuery = async (dataSource: DataSource, caller: Caller, request: AnalyticsRequest): Promise<AnalyticsAnswer> => {
  const { definition, enduser } = SOURCES[request.resource];
  authorize(definition, 'read', caller);
  if (request.grouping && enduser !== 'self') authorize(endusers, 'read', caller);
  // COUNT(DISTINCT) sorts every row (seconds at a million patients); it is needed only where a record
  // may give several rows: one per assignee, or one per enduser attendee of an event. Otherwise each
  // record is one row (an enduser joined by its unique id is at most one) and COUNT(*) hashes instead
  // (docs/decisions.md "Indexes for a million patients").
  const counters = await countsFromFieldCounters(dataSource, caller, request, (field) => ENDUSER_COLUMNS.has(field));
  if (counters) return { values: counters.map((row) => ({ key: row.key ?? NO_VALUE_KEY, value: row.value })) };
  const severalRowsPerRecord = request.grouping !== undefined && (request.grouping.by === 'Assigned To' || enduser === 'attendees');
  const counted = severalRowsPerRecord ? 'COUNT(DISTINCT counted.id)' : 'COUNT(*)';
  // raw SQL: an aggregate (counts over buckets and groups), which the engine's row reads cannot express; countedRows applies the engine's own visibility and tenant scope.
  const query = dataSource
    .createQueryBuilder()
    .select(counted, 'value')
    .from((sub) => countedRows(sub as SelectQueryBuilder<object>, caller, request), 'counted');
  if (request.range) query.addSelect('counted.bucket', 'bucket').addGroupBy('counted.bucket').addOrderBy('counted.bucket', 'ASC');
  if (request.grouping) {
    query.addSelect('counted.key', 'key').addGroupBy('counted.key');
    query.addOrderBy(counted, 'DESC').addOrderBy('counted.key', 'ASC', 'NULLS LAST');
  }
  const rows: { value: string; bucket?: Date; key?: string | null }[] = await query.getRawMany();
  if (!request.range && !request.grouping) return { count: Number(rows[0]?.value ?? 0) };
  const assignees = request.grouping?.by === 'Assigned To';
  return {
    values: rows.map((row) => ({
      ...(request.range ? { timestamp: new Date(row.bucket!) } : {}),
      ...(request.grouping ? { key: row.key ?? NO_VALUE_KEY } : {}),
      ...(assignees && row.key ? { userId: row.key } : {}),
      value: Number(row.value),
    })),
  };
};
