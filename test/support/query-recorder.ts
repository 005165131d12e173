import type { DataSource, Logger } from 'typeorm';

export interface RecordedQuery {
  sql: string;
  parameters: unknown[];
}

/**
 * Records every statement TypeORM sends through `dataSource` (the engine's queries and the named
 * calls' raw SQL alike) while `recording` is on: what a call really runs, not a copy of it. Reads by
 * id on the driver's pool (json-read.ts recordJsonById, a primary-key lookup) bypass TypeORM and are
 * not seen.
 */
export const recordQueries = (dataSource: DataSource) => {
  const recorded: RecordedQuery[] = [];
  let recording = false;
  const previous = dataSource.logger;
  const logger: Logger = {
    logQuery: (sql, parameters) => {
      if (recording) recorded.push({ sql, parameters: parameters ?? [] });
    },
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  (dataSource as { logger: Logger }).logger = logger;
  return {
    /** The statements `work` ran. */
    during: async (work: () => Promise<unknown>) => {
      recorded.length = 0;
      recording = true;
      try {
        await work();
      } finally {
        recording = false;
      }
      return [...recorded];
    },
    restore: () => {
      (dataSource as { logger: Logger }).logger = previous;
    },
  };
};

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * How many rows of its table a scan node looked at: those it returned and those it read and dropped
 * (by a filter, or a bitmap's recheck), over all its loops (EXPLAIN gives the per-loop average).
 */
export const rowsRead = (node: PlanNode) =>
  ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1);

/** Nodes that read a table's rows (a Bitmap Index Scan only reads an index; its Bitmap Heap Scan counts the rows). */
export const TABLE_SCANS = ['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan'];

/**
 * What PostgreSQL does with a recorded statement, as its list of plan nodes: EXPLAIN ANALYZE runs it
 * (the recorded reads are SELECTs), so each node carries the rows it really read, not an estimate.
 */
export const planOf = async (dataSource: DataSource, query: RecordedQuery) => {
  const [{ 'QUERY PLAN': plan }] = (await dataSource.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, query.parameters)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
  return nodesOf(plan[0].Plan);
};
