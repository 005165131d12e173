import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';
import type { Caller } from './caller';
import { narrowsRows } from './access';
import { containmentNarrows, containmentOfLabels, searchNarrows, type ListOptions } from './query';

/**
 * A search's page in `_id` order (the patient list's search box: 51 rows, newest first) at a million
 * patients. The trigram index finds every match, and a common term ('Mar' matches 59,000 of a
 * million patients) then costs a read of every match from the table and a sort, for 51 rows
 * (bench/README.md, "bench:scale"). Walking the table newest first and testing each row stops after
 * about 51 / (share of matches) rows for such a term, but reads the whole table for a rare term, a
 * term with no match, or matches that are all old (an email or phone prefix of the first patients).
 *
 * So both, in one statement, the walk bounded: the newest SAMPLE_ROWS rows of the business (after
 * lastId) first. A full page among them is the answer, since every row newer than the last one read
 * was tested. If they hold at least their share of a page (limit * SAMPLE_ROWS / WALK_ROWS matches),
 * the walk goes on over the newest WALK_ROWS, and a full page there is the answer. Otherwise the
 * trigram route answers, as before. PostgreSQL runs each later branch only when the earlier ones fell
 * short (conditions on the walks' counts alone are one-time filters, their subplans run on first
 * use), so a rare term or one without a match costs SAMPLE_ROWS rows more than the trigram route, a
 * common term the rows its walk reads, and nothing costs more than WALK_ROWS + SAMPLE_ROWS rows
 * beyond the trigram route. The answer is the trigram route's answer in every case: the same
 * conditions, the same order, the same limit.
 *
 * A page of one label newest first (the patient list filtered by a tag, no column sorted) is the
 * same problem through a GIN index instead of the trigram one: a tag on a tenth of a million
 * patients was 100,000 rows read and sorted for 51 (250 ms), while a tag given only to the oldest
 * patients would make a walk of the whole table. The same bounded walks answer it, the label's index
 * after them (bench/README.md, "seventh session").
 */

/**
 * How many of the newest rows the walk tests before leaving the page to the trigram index: a term
 * matching 1 patient in 200 fills 51 rows within it on average (a first name or a surname of the
 * bench's hundred), while the trigram route's cost (every match read at random from the table) is
 * already higher than the walk's sequential read at that share of a million patients.
 */
export const WALK_ROWS = 10_000;
/** The first, shorter walk that tells a term worth the whole walk from a rare one (which then costs only these rows more). */
export const SAMPLE_ROWS = 2_000;

/**
 * Whether getSome's page is one the walk may answer first: in `_id` order, with a page size, and
 * narrowed through one kind of index only, either the trigram one (a search) or labels' GIN ones (a
 * tag). A caller who sees one clinic of twenty (organization scope), or a search within one tag,
 * finds a twentieth or a tenth as many matches among the newest rows, and the index route already
 * reads only the matches both indexes select (bitmaps ANDed): those keep the index route alone, as
 * do containments of ids (a patient's rooms or appointments: few matches, so a walk is mostly waste).
 */
export const walksFirst = (definition: ResourceDefinition, caller: Caller, options: ListOptions, limit: number) => {
  if (options.sortBy || limit <= 0 || narrowsRows(definition, caller)) return false;
  const searched = searchNarrows(definition, options.search);
  return searched ? !containmentNarrows(definition, options.filter) : containmentOfLabels(definition, options.filter);
};

/**
 * The rows a walk tests, as a table named like the resource's own (`record`), so the list's
 * conditions apply to it unchanged: the business's newest `rows` (oldest, for oldFirst) after
 * lastId, read in that order through its (businessId, _id) index; a LIMIT keeps PostgreSQL from
 * pushing the conditions (and another index) inside.
 */
export const walkedRowsSql = (definition: ResourceDefinition, options: ListOptions, rows: number) => {
  const descending = (options.sort ?? 'newFirst') === 'newFirst';
  const after = options.lastId ? ` AND recent._id ${descending ? '<' : '>'} :lastId` : '';
  return `(SELECT * FROM "${definition.name}" recent WHERE recent."businessId" = :businessId${after} ORDER BY recent._id ${descending ? 'DESC' : 'ASC'} LIMIT ${rows})`;
};

/**
 * The page's query: its records by the ids a walk or the index route found, in the list's order.
 * `walk(rows)` and `narrowed` are the same list (conditions, order, limit) over walkedRowsSql and over
 * the table; both select only `record._id`.
 */
export const walkedPageQuery = (
  manager: EntityManager,
  definition: ResourceDefinition,
  parts: { walk: (rows: number) => SelectQueryBuilder<object>; narrowed: SelectQueryBuilder<object>; limit: number; businessId: string; sort: 'newFirst' | 'oldFirst' },
) => {
  const { narrowed, limit } = parts;
  const sample = parts.walk(SAMPLE_ROWS);
  const walk = parts.walk(WALK_ROWS);
  // Matches the sample must hold for the whole walk to be likely to fill the page (its share of the page).
  const promising = Math.ceil((limit * SAMPLE_ROWS) / WALK_ROWS);
  const sampled = '(SELECT count(*) FROM sampled)';
  const walked = `(${sampled} >= ${promising} AND (SELECT count(*) FROM walked) >= ${limit})`;
  const ids = `WITH sampled AS (${sample.getQuery()}), walked AS (${walk.getQuery()})
    SELECT id FROM sampled WHERE ${sampled} >= ${limit}
    UNION ALL
    SELECT id FROM walked WHERE ${sampled} < ${limit} AND ${walked}
    UNION ALL
    SELECT id FROM (${narrowed.getQuery()}) narrowed WHERE ${sampled} < ${limit} AND NOT ${walked}`;
  // raw SQL: the page's ids (at most `limit`, from one branch) as an array, so its records are read by primary key.
  return manager
    .createQueryBuilder(definition.name, 'record')
    .where('record."businessId" = :businessId', { businessId: parts.businessId })
    .andWhere(`record._id = ANY(ARRAY(${ids}))`)
    .setParameters({ ...narrowed.getParameters(), ...sample.getParameters(), ...walk.getParameters() })
    .orderBy('record._id', parts.sort === 'oldFirst' ? 'ASC' : 'DESC')
    .take(limit);
};
