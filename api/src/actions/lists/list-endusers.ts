import { IsIn, IsOptional, IsString } from 'class-validator';
import { endusers } from '@carelane/db';
import { parseListQuery } from '../../resources/list-query';
import { defineAction, JsonAnswer } from '../action';
import { ListPageCache } from './list-page-cache';

/**
 * The staff app's patient list may sort by every column it shows (docs/decisions.md, "the staff app's
 * lists"); the generic list keeps the reference client's three sortBy values.
 */
export const ENDUSER_SORTS = ['fname', 'lname', 'dateOfBirth', 'phone', 'email', 'tags', 'assignedTo', 'lastActive', 'unread', 'createdAt'] as const;

class ListEndusersInput {
  @IsOptional()
  @IsIn(ENDUSER_SORTS, { message: `Value must match one of ${ENDUSER_SORTS.join(', ')}` })
  sortBy?: (typeof ENDUSER_SORTS)[number];

  // filter, search, sort, lastId and limit are read as the generic list reads them (parseListQuery).
  @IsOptional() @IsString({ message: 'Expecting string value' }) filter?: string;
  @IsOptional() @IsString({ message: 'Expecting string value' }) search?: string;
  @IsOptional() @IsString({ message: 'Expecting string value' }) sort?: string;
  @IsOptional() @IsString({ message: 'Expecting string value' }) lastId?: string;
  @IsOptional() @IsString({ message: 'Expecting string value' }) limit?: string;
}

/**
 * GET /list-endusers: one page of the caller's endusers as getSome answers them, sorted by any listed
 * column, records without a value last in either direction, continued after lastId (keyset paging).
 * A page read again before any of the business's patients changed is answered from this process.
 */
export const listEndusers = defineAction({
  method: 'get',
  path: '/list-endusers',
  auth: 'user',
  input: ListEndusersInput,
  readOnly: true,
  handler: async ({ services, caller, req, readFence }, input) => {
    const { sortBy: _sortBy, ...rest } = req.query;
    const options = parseListQuery(rest);
    const sortBy = input.sortBy === 'createdAt' ? undefined : input.sortBy;
    // As the generic list answers: the page's JSON built by PostgreSQL (a million-patient list spends
    // its time there, not hydrating and serializing 51 records in Node: bench/README.md), and kept
    // until one of the business's patients changes (list-page-cache.ts).
    const read = () => services.engine.getSomeJson(endusers, caller, { ...options, sortBy, nullsLast: true });
    // A search is typed a letter at a time and seldom read twice: its pages would only push the list's out.
    if (options.search) return new JsonAnswer(await read());
    return new JsonAnswer(await services.listPages.page(ListPageCache.keyOf(caller, req.query), caller.businessId, readFence, read));
  },
});
