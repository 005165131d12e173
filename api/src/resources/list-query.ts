import type { Request } from 'express';
import { isId } from '@carelane/db';
import { badRequest, TOO_DEEP } from '../errors';
import { nestedTooDeep } from '../http/body-depth';
import { quoteInput } from '../http/quote-input';
import { MAX_LIMIT, SORTABLE_FIELDS, type ListOptions } from '@carelane/engine';

/** Objects arrive JSON-encoded in the query string (axios params); parse them with a clear error. */
const parseJsonParam = (name: string, raw: unknown): Record<string, unknown> | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    if (nestedTooDeep(raw)) throw badRequest(`Error parsing field ${name}: ${TOO_DEEP}`);
    return raw as Record<string, unknown>;
  }
  if (typeof raw !== 'string') throw badRequest(`Error parsing field ${name}: Expecting an object but got ${quoteInput(String(raw))}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
  } catch {
    throw badRequest(`Error parsing field ${name}: Expecting an object but got ${quoteInput(raw)}`);
  }
  if (nestedTooDeep(parsed)) throw badRequest(`Error parsing field ${name}: ${TOO_DEEP}`);
  return parsed as Record<string, unknown>;
};

const parseDateParam = (name: string, raw: unknown) => {
  if (raw === undefined || raw === '') return undefined;
  const date = new Date(typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : String(raw));
  if (Number.isNaN(date.getTime())) throw badRequest(`Error parsing field ${name}: Invalid date`);
  return date;
};

/** getSome's and getOne's `mdbFilter` (Mongo-style, with `$and` / `$or`) narrows `filter` further. */
const withMdbFilter = (filter?: Record<string, unknown>, mdbFilter?: Record<string, unknown>) =>
  filter && mdbFilter ? { $and: [filter, mdbFilter] } : (filter ?? mdbFilter);

export const parseListQuery = (query: Request['query']): ListOptions => {
  const options: ListOptions = {};
  options.filter = withMdbFilter(parseJsonParam('filter', query.filter), parseJsonParam('mdbFilter', query.mdbFilter));
  const search = parseJsonParam('search', query.search);
  if (search) {
    if (typeof search.query !== 'string') throw badRequest('Error parsing field search: query must be a string');
    options.search = search.query;
  }
  if (query.limit !== undefined && query.limit !== '') {
    const limit = Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1) throw badRequest('Error parsing field limit: Not a valid number');
    options.limit = Math.min(limit, MAX_LIMIT);
  }
  if (query.sort !== undefined && query.sort !== '') {
    if (query.sort !== 'newFirst' && query.sort !== 'oldFirst') throw badRequest('Error parsing field sort: Value must match one of newFirst, oldFirst');
    options.sort = query.sort;
  }
  if (query.sortBy !== undefined && query.sortBy !== '') {
    if (!SORTABLE_FIELDS.includes(query.sortBy as (typeof SORTABLE_FIELDS)[number])) {
      throw badRequest(`Error parsing field sortBy: Value must match one of ${SORTABLE_FIELDS.join(', ')}`);
    }
    options.sortBy = query.sortBy as string;
  }
  if (query.lastId !== undefined && query.lastId !== '') {
    if (!isId(query.lastId)) throw badRequest('Error parsing field lastId: Invalid id');
    options.lastId = query.lastId;
  }
  if (query.returnCount !== undefined && query.returnCount !== '') {
    if (query.returnCount !== 'true' && query.returnCount !== 'false') throw badRequest('Error parsing field returnCount: Expecting a boolean');
    options.returnCount = query.returnCount === 'true';
  }
  options.from = parseDateParam('from', query.from);
  options.to = parseDateParam('to', query.to);
  return options;
};
