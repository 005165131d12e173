import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { endusers } from '@carelane/db';
import { applyVisibility, authorize } from '@carelane/engine';
import type { EnduserTagsAnswer } from '@carelane/automation';
import type { Caller } from '../../auth/caller';
import { defineAction } from '../action';
import { NoInput } from '../input';
import { tagsFromCounters } from './tag-counters';

/** The most tags answered: far more than a picker offers, and the query stays one bounded GROUP BY. */
export const ENDUSER_TAGS_LIMIT = 1000;

/**
 * GET /enduser-tags: the tags on the patients the caller may read (business, organization and the
 * role's visibility, as every list), with how many patients carry each, most used first (then by
 * name), so staff pick a tag by name rather than typing it (issue 36; docs/decisions.md, "Tags in use").
 * From the tag counters when the caller's view is their organization scope alone, else from the patients.
 */
export const enduserTags = defineAction({
  method: 'get',
  path: '/enduser-tags',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => authorize(endusers, 'read', caller),
  handler: async ({ services, caller }) => {
    const rows = (await tagsFromCounters(services.dataSource, caller, ENDUSER_TAGS_LIMIT)) ?? (await tagsOfPatients(services.dataSource, caller));
    const answer: EnduserTagsAnswer = { tags: rows.filter((row) => row.tag.trim() !== '').map((row) => ({ tag: row.tag, count: Number(row.count) })) };
    return answer;
  },
});

/** The tags counted from the patients themselves: for a role whose view has row conditions (its care team's patients ...). */
const tagsOfPatients = (dataSource: DataSource, caller: Caller): Promise<{ tag: string; count: string }[]> => {
  // raw SQL: counting the elements of a JSON list (GROUP BY over jsonb_array_elements_text) is an aggregate the engine's row reads cannot express; applyVisibility adds the engine's own scope.
  const query = dataSource
    .createQueryBuilder()
    .from(endusers.name, 'record')
    .select(`jsonb_array_elements_text(CASE WHEN jsonb_typeof(record.tags) = 'array' THEN record.tags ELSE '[]'::jsonb END)`, 'tag')
    .addSelect('COUNT(DISTINCT record._id)', 'count')
    .where('record."businessId" = :tagsBusinessId', { tagsBusinessId: caller.businessId }) as SelectQueryBuilder<object>;
  applyVisibility(query, endusers, caller, 'read', 'record');
  return query.groupBy('tag').orderBy('count', 'DESC').addOrderBy('tag', 'ASC').limit(ENDUSER_TAGS_LIMIT).getRawMany();
};
