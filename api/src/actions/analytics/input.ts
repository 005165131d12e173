import { quoteInput } from '../../http/quote-input';
import { fail, validators as v } from '@carelane/db';
import { analyticsQuery, dateRange, ANALYTICS_RESOURCES } from '@carelane/db/validation/organization-validators';
import { requiredField } from '../messaging/input';
import { CheckedByHandler, Optional, S } from '../input';
import { analyticsFilterConditions, type FilterCondition } from './filters';
import type { AnalyticsResource } from './analytics-resource';
import { analyticsTimeZone, TIME_ZONE_SCHEMA } from './time-zone-input';

export type { AnalyticsResource };
export type AnalyticsInterval = 'Daily' | 'Weekly' | 'Monthly';
export type AnalyticsRangeKey = 'Created At' | 'Updated At' | 'Submitted At' | 'Closed At';

/** The one dimension a query groups by (docs/contract/api.md#forums-and-analytics: gender, assigned to, or a field). */
export type AnalyticsGrouping = { by: 'Gender' } | { by: 'Assigned To' } | { by: 'Field'; field: string };

export interface DateBounds {
  from?: Date;
  to?: Date;
}

/** A parsed GET /result-for-analytics-query. */
export interface AnalyticsRequest {
  resource: AnalyticsResource;
  /** The query's filter, already turned into SQL conditions on the counted record. */
  filter: FilterCondition[];
  grouping?: AnalyticsGrouping;
  range?: { interval: AnalyticsInterval; key: AnalyticsRangeKey };
  createdRange: DateBounds;
  updatedRange: DateBounds;
  /** The clock buckets follow (IANA name; UTC unless the caller asked). */
  timeZone: string;
}

/** GET parameters arrive JSON-encoded (the reference client's axios params); a parsed object is taken as is. */
const json = <T>(validate: (value: unknown) => T) => (value: unknown): T => {
  if (typeof value !== 'string') return validate(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail(`Expecting an object but got ${quoteInput(value)}`);
  }
  return validate(parsed);
};

const bounds = (value: Record<string, unknown>): DateBounds => ({
  from: (value.from as Date | null | undefined) ?? undefined,
  to: (value.to as Date | null | undefined) ?? undefined,
});

/** The grouping keys this server answers; the others the reference client knows are refused by name. */
const SUPPORTED_GROUPINGS = ['Gender', 'Assigned To', 'Field'] as const;

const groupingOf = (raw: Record<string, unknown> | undefined, groupByCareTeam: boolean): AnalyticsGrouping | undefined => {
  // false, '' and absent keys ask for nothing.
  const asked = Object.entries(raw ?? {}).filter(([, value]) => value !== false && value !== '' && value !== undefined && value !== null);
  for (const [key] of asked) {
    if (!(SUPPORTED_GROUPINGS as readonly string[]).includes(key)) fail(`grouping by ${key} is not supported (use one of ${SUPPORTED_GROUPINGS.join(', ')})`);
  }
  if (asked.length > 1) fail(`group by one of ${SUPPORTED_GROUPINGS.join(', ')} at a time`);
  const [entry] = asked;
  if (groupByCareTeam) {
    if (entry && entry[0] !== 'Assigned To') fail(`groupByCareTeam groups by Assigned To and cannot be combined with grouping by ${entry[0]}`);
    return { by: 'Assigned To' };
  }
  if (!entry) return undefined;
  const [by, value] = entry;
  if (by === 'Field') {
    if (typeof value !== 'string' || value.trim() === '') fail('grouping Field must name a field');
    return { by, field: (value as string).trim() };
  }
  if (value !== true) fail(`grouping ${by} must be true or false`);
  return { by } as AnalyticsGrouping;
};

/** Range keys beyond Created At and Updated At belong to one resource each. */
const RANGE_KEY_RESOURCE: Partial<Record<AnalyticsRangeKey, AnalyticsResource>> = { 'Submitted At': 'Form Responses', 'Closed At': 'Tickets' };

const DATE_RANGE = { type: 'object', properties: { from: S.date, to: S.date } };

/**
 * GET /result-for-analytics-query's parameters (JSON-encoded objects). The query is checked by
 * parseAnalyticsRequest, after the others: its grouping rules depend on groupByCareTeam.
 */
export class AnalyticsQueryInput {
  @CheckedByHandler({
    type: 'object',
    required: ['resource', 'info'],
    properties: {
      resource: S.oneOf(ANALYTICS_RESOURCES),
      info: { type: 'object', required: ['method'], properties: { method: { enum: ['Total'] } } },
      filter: S.object,
      grouping: { type: 'object', properties: { Gender: S.boolean, 'Assigned To': S.boolean, Field: { type: 'string' } } },
      range: { type: 'object', properties: { interval: S.oneOf(['Daily', 'Weekly', 'Monthly']), key: S.oneOf(['Created At', 'Updated At', 'Submitted At', 'Closed At']) } },
    },
  }, { required: true })
  query!: unknown;

  @Optional(v.boolean, S.boolean)
  groupByCareTeam?: boolean;

  @Optional(json(dateRange), DATE_RANGE)
  createdRange?: Record<string, unknown>;

  @Optional(json(dateRange), DATE_RANGE)
  updatedRange?: Record<string, unknown>;

  @Optional(analyticsTimeZone, TIME_ZONE_SCHEMA)
  timezone?: string;
}

/**
 * Reads the call's input with the reference server's messages: 'Value not provided for required
 * field: query', 'Error parsing field query: ...'. Only the Total method is answered.
 */
export const parseAnalyticsRequest = (input: Record<string, unknown>): AnalyticsRequest => {
  // groupByCareTeam and the ranges were checked by AnalyticsQueryInput.
  const groupByCareTeam = (input.groupByCareTeam as boolean | undefined) ?? false;
  const createdRange = bounds((input.createdRange as Record<string, unknown> | undefined) ?? {});
  const updatedRange = bounds((input.updatedRange as Record<string, unknown> | undefined) ?? {});
  return requiredField(input, 'query', (value) => {
    const query = json(analyticsQuery)(value) as {
      resource: AnalyticsResource;
      info: { method: string };
      filter?: Record<string, unknown>;
      grouping?: Record<string, unknown>;
      range?: { interval: AnalyticsInterval; key: AnalyticsRangeKey };
    };
    if (query.info.method !== 'Total') fail(`method ${query.info.method} is not supported for ${query.resource} (use Total)`);
    const owner = query.range && RANGE_KEY_RESOURCE[query.range.key];
    if (owner && owner !== query.resource) fail(`range key ${query.range!.key} applies to ${owner} only`);
    return {
      resource: query.resource,
      filter: analyticsFilterConditions(query.resource, query.filter ?? {}),
      grouping: groupingOf(query.grouping, groupByCareTeam),
      range: query.range,
      createdRange,
      updatedRange,
      timeZone: (input.timezone as string | undefined) ?? 'UTC',
    };
  });
};
