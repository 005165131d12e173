import { fail, FieldError, validators as v } from '@carelane/db';
import { dateRange } from '@carelane/db/validation/organization-validators';
import type { AnalyticsResource } from './analytics-resource';

/**
 * The query filters of the reference client's AnalyticsQueryFilterForType that this server applies,
 * each one SQL condition on the counted record (alias `record`). A filter key that is not listed is
 * refused by name rather than ignored, so a count never silently means something else.
 */
type FilterRule = (value: unknown, param: string) => { sql: string; params: Record<string, unknown> } | undefined;

const QUALIFIERS = ['All Of', 'One Of'] as const;
const qualified = v.objectOf({ qualifier: v.required(v.oneOf(QUALIFIERS)), values: v.required(v.listOf(v.string(250))) });
const qualifiedIds = v.objectOf({ qualifier: v.required(v.oneOf(QUALIFIERS)), userIds: v.required(v.listOf(v.id)) });

const jsonList = (expression: string) => `(CASE WHEN jsonb_typeof(${expression}) = 'array' THEN ${expression} ELSE '[]'::jsonb END)`;

/** A jsonb list column holding all of, or one of, the given strings. */
const listCondition = (column: string, qualifier: (typeof QUALIFIERS)[number], values: string[], param: string) => {
  if (values.length === 0) return undefined;
  const sql =
    qualifier === 'All Of'
      ? `${jsonList(column)} @> CAST(:${param} AS jsonb)`
      : `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${jsonList(column)}) AS listed(value) WHERE listed.value = ANY(:${param}))`;
  return { sql, params: { [param]: qualifier === 'All Of' ? JSON.stringify(values) : values } };
};

const oneOfIds = (column: string): FilterRule => (value, param) => {
  const ids = v.listOf(v.id)(value);
  return ids.length ? { sql: `${column} = ANY(:${param})`, params: { [param]: ids } } : undefined;
};

const oneOfStrings = (column: string): FilterRule => (value, param) => {
  const values = v.listOf(v.string(1000))(value);
  return values.length ? { sql: `${column} = ANY(:${param})`, params: { [param]: values } } : undefined;
};

/** A lifecycle stamp set (true) or not set (false): wasCancelled → cancelledAt ... */
const stamped = (column: string): FilterRule => (value, param) => ({
  sql: `(${column} IS NOT NULL) = :${param}`,
  params: { [param]: v.boolean(value) },
});

const FILTERS: Record<AnalyticsResource, Record<string, FilterRule>> = {
  Endusers: {
    gender: (value, param) => ({ sql: `record.gender = :${param}`, params: { [param]: v.oneOf(['Female', 'Male', 'Other', 'Unknown'] as const)(value) } }),
    assignedTo: (value, param) => {
      const { qualifier, userIds } = qualifiedIds(value) as { qualifier: (typeof QUALIFIERS)[number]; userIds: string[] };
      return listCondition('record."assignedTo"', qualifier, userIds, param);
    },
    tags: (value, param) => {
      const { qualifier, values } = qualified(value) as { qualifier: (typeof QUALIFIERS)[number]; values: string[] };
      return listCondition('record.tags', qualifier, values, param);
    },
    activeSince: (value, param) => (value === '' ? undefined : { sql: `record."lastActive" >= :${param}`, params: { [param]: v.date(value) } }),
  },
  'Calendar Events': {
    templateIds: oneOfIds('record."templateId"'),
    userIds: (value, param) => {
      const ids = v.listOf(v.id)(value);
      if (ids.length === 0) return undefined;
      return {
        sql: `EXISTS (SELECT 1 FROM jsonb_array_elements(${jsonList('record.attendees')}) AS attendee WHERE attendee->>'type' = 'user' AND attendee->>'id' = ANY(:${param}))`,
        params: { [param]: ids },
      };
    },
    starts: (value, param) => {
      const { from, to } = dateRange(value) as { from?: Date | null; to?: Date | null };
      const conditions: string[] = [];
      const params: Record<string, unknown> = {};
      if (from) {
        conditions.push(`record."startTimeInMS" >= :${param}_from`);
        params[`${param}_from`] = from.getTime();
      }
      if (to) {
        conditions.push(`record."startTimeInMS" <= :${param}_to`);
        params[`${param}_to`] = to.getTime();
      }
      return conditions.length ? { sql: conditions.join(' AND '), params } : undefined;
    },
    wasSelfScheduled: (value, param) => ({ sql: `COALESCE(record."wasSelfScheduled", FALSE) = :${param}`, params: { [param]: v.boolean(value) } }),
    wasCancelled: stamped('record."cancelledAt"'),
    wasCompleted: stamped('record."completedAt"'),
    wasNoShowed: stamped('record."noShowedAt"'),
    wasRescheduled: stamped('record."rescheduledAt"'),
  },
  'Form Responses': {
    formIds: oneOfIds('record."formId"'),
  },
  Purchases: {},
  'Purchase Credits': {},
  Tickets: {
    titles: oneOfStrings('record.title'),
    closeReasons: (value, param) => listCondition('record."closeReasons"', 'One Of', v.listOf(v.string(1000))(value), param),
  },
};

/** One SQL condition on the counted record (alias `record`) with its parameters. */
export interface FilterCondition {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * The query's filter as SQL conditions, checked while the input is parsed: a FieldError names the
 * filter key at fault, which the call reports as 'Error parsing field query: filter <key> ...'.
 */
export const analyticsFilterConditions = (resource: AnalyticsResource, filter: Record<string, unknown>): FilterCondition[] => {
  const rules = FILTERS[resource];
  const conditions: FilterCondition[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    const rule = Object.prototype.hasOwnProperty.call(rules, key) ? rules[key] : undefined;
    if (!rule) fail(`filter ${key} is not supported for ${resource}`);
    try {
      const condition = rule!(value, `analyticsFilter${conditions.length}`);
      if (condition) conditions.push(condition);
    } catch (error) {
      if (error instanceof FieldError) fail(`filter ${key}: ${error.message}`);
      throw error;
    }
  }
  return conditions;
};
