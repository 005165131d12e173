import { ArrayMaxSize, IsArray, IsObject } from 'class-validator';
import { endusers, newId } from '@carelane/db';
import type { TransactionEngine } from '@carelane/engine';
import { ApiError, UNIQUENESS_VIOLATION } from '../../errors';
import { defineAction } from '../action';

export const IMPORT_ROWS_PER_CALL = 100;

class ImportEndusersInput {
  @IsArray({ message: 'Expecting a list' })
  @ArrayMaxSize(IMPORT_ROWS_PER_CALL, { message: `Arrays should not contain more than ${IMPORT_ROWS_PER_CALL} elements` })
  @IsObject({ each: true, message: 'Expected a non-null object' })
  rows!: Record<string, unknown>[];
}

/** What became of one row: the created enduser's id, or the engine's message and nothing written. */
export type ImportRowResult = { row: number; id: string } | { row: number; message: string };

/** What refuses a row (and only it): the row's own mistakes (400), or a duplicate as createSome words it. */
const rowRefusal = (error: unknown) => {
  if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') return UNIQUENESS_VIOLATION;
  if (error instanceof ApiError && error.status === 400) return error.message;
  return undefined;
};

/** Transactions (connections) a call writes its rows on at once: PostgreSQL's own work per row is most of an import's time, and one connection keeps one core busy at most. */
const IMPORT_LANES = 4;

/**
 * POST /import-endusers: creates each row as its own enduser through the engine (validation, scope,
 * triggers, change events as for a create); a refused row writes nothing and the rest are kept.
 * Answers every row's result in order (`row` counts from 1 within the call); the staff app sends a
 * file's rows in chunks to show progress.
 *
 * Why it is not one transaction per row, one row after the other (99 s for 10,000 rows at
 * bench:scale, bench/README.md "bench:scale (issue 37)"): the rows are written on IMPORT_LANES
 * transactions at once, each row in a savepoint of its own that a refusal rolls back, so a call
 * costs a few commits (WAL flushes) rather than one per row and uses both PostgreSQL's and the api's
 * cores. The ids are drawn in the rows' order before anything is written, so the records still sort
 * (newest first, by id) in the file's order. Each row has its own engine binding, so only the kept
 * rows' changes are announced, after their commit. A failure of ours (or a refusal of the caller,
 * 403) fails the call: its lane writes nothing, rows other lanes committed stay (as rows before a
 * failure stayed when each row committed on its own).
 */
export const importEndusers = defineAction({
  method: 'post',
  path: '/import-endusers',
  auth: 'user',
  input: ImportEndusersInput,
  handler: async ({ services, caller }, input) => {
    const ids = input.rows.map(() => newId());
    const results: ImportRowResult[] = new Array(input.rows.length);
    let next = 0;
    const lane = async () => {
      const kept: TransactionEngine[] = [];
      await services.dataSource.transaction(async (manager) => {
        while (next < input.rows.length) {
          const index = next++;
          const tx = services.engine.within(manager);
          // raw SQL: a savepoint per row, so a refused row is undone alone within the lane's transaction.
          await manager.query('SAVEPOINT import_row');
          try {
            const created = await tx.createOne(endusers, caller, input.rows[index], undefined, { id: ids[index] });
            // raw SQL: the row is kept; its savepoint is no longer needed.
            await manager.query('RELEASE SAVEPOINT import_row');
            results[index] = { row: index + 1, id: String(created.id) };
            kept.push(tx);
          } catch (error) {
            const message = rowRefusal(error);
            if (message === undefined) throw error;
            // raw SQL: undo the refused row's writes only.
            await manager.query('ROLLBACK TO SAVEPOINT import_row');
            results[index] = { row: index + 1, message };
          }
        }
      });
      for (const tx of kept) tx.publish();
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(IMPORT_LANES, input.rows.length) }, lane));
    const failed = lanes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return { results };
  },
});
