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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan PostgreSQL would choose for a recorded statement, as its list of nodes. */
export const planOf = async (dataSource: DataSource, query: RecordedQuery) => {
  const [{ 'QUERY PLAN': plan }] = (await dataSource.query(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.parameters)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
  return nodesOf(plan[0].Plan);
};
