import type { SelectQueryBuilder } from 'typeorm';
import { endusers } from '@carelane/db';
import { applyVisibility, authorize } from '@carelane/engine';
import type { EnduserTagsAnswer } from '@carelane/automation';
import { defineAction } from '../action';
import { NoInput } from '../input';

/** The most tags answered: far more than a picker offers, and the query stays one bounded GROUP BY. */
export const ENDUSER_TAGS_LIMIT = 1000;

/**
 * GET /enduser-tags: the tags on the patients the caller may read (business, organization and the
 * role's visibility, as every list), with how many patients carry each, most used first (then by
 * name), so staff pick a tag by name rather than typing it (issue 36; docs/decisions.md, "Tags in use").
 */
export const enduserTags = defineAction({
  method: 'get',
  path: '/enduser-tags',
  auth: 'user',
  input: NoInput,
  authorize: ({ caller }) => authorize(endusers, 'read', caller),
  handler: async ({ services, caller }) => {
    // raw SQL: counting the elements of a JSON list (GROUP BY over jsonb_array_elements_text) is an aggregate the engine's row reads cannot express; applyVisibility adds the engine's own scope.
    const query = services.dataSource
      .createQueryBuilder()
      .from(endusers.name, 'record')
      .select(`jsonb_array_elements_text(CASE WHEN jsonb_typeof(record.tags) = 'array' THEN record.tags ELSE '[]'::jsonb END)`, 'tag')
      .addSelect('COUNT(DISTINCT record._id)', 'count')
      .where('record."businessId" = :tagsBusinessId', { tagsBusinessId: caller.businessId }) as SelectQueryBuilder<object>;
    applyVisibility(query, endusers, caller, 'read', 'record');
    const rows: { tag: string; count: string }[] = await query.groupBy('tag').orderBy('count', 'DESC').addOrderBy('tag', 'ASC').limit(ENDUSER_TAGS_LIMIT).getRawMany();
    const answer: EnduserTagsAnswer = { tags: rows.filter((row) => row.tag.trim() !== '').map((row) => ({ tag: row.tag, count: Number(row.count) })) };
    return answer;
  },
});
