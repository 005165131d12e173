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
 * A statement that is a SELECT (a `pg_notify` ...) is evaluated in the final select list, since
 * PostgreSQL runs a CTE that is not data-modifying only when it is read.
 */
export const runTogether = async (manager: EntityManager, statements: Statement[]) => {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await manager.query(statements[0].sql, statements[0].params);
    return;
  }
  const params: unknown[] = [];
  const numbered = (statement: Statement) => {
    const offset = params.length;
    params.push(...statement.params);
    return statement.sql.replace(/\$(\d+)/g, (_match, number: string) => `$${Number(number) + offset}`);
  };
  const isSelect = (statement: Statement) => /^\s*SELECT\b/i.test(statement.sql);
  const modifying = statements.filter((statement) => !isSelect(statement)).map((statement, index) => `s${index} AS (${numbered(statement)})`);
  const selected = statements.filter(isSelect).map((statement) => `(${numbered(statement)})`);
  await manager.query(`${modifying.length ? `WITH ${modifying.join(', ')} ` : ''}SELECT ${selected.length ? selected.join(', ') : '1'}`, params);
};
