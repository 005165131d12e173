import type { EntityManager } from 'typeorm';

/** One parameterised SQL statement ($1, $2 ... numbered from 1 within it). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Runs data-modifying statements as one: each becomes a CTE of a single statement (its parameters
 * renumbered after the ones before), so a create and what its write listeners record cost one round
 * trip to PostgreSQL instead of one each. All of them run to completion and see the same snapshot, so
 * they must not read each other's rows; a failure of any fails all, as inside their transaction.
 */
export const runTogether = async (manager: EntityManager, statements: Statement[]) => {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await manager.query(statements[0].sql, statements[0].params);
    return;
  }
  const params: unknown[] = [];
  const parts = statements.map((statement, index) => {
    const offset = params.length;
    params.push(...statement.params);
    return `s${index} AS (${statement.sql.replace(/\$(\d+)/g, (_match, number: string) => `$${Number(number) + offset}`)})`;
  });
  await manager.query(`WITH ${parts.join(', ')} SELECT 1`, params);
};
