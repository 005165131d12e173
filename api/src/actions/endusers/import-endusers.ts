import { ArrayMaxSize, IsArray, IsObject } from 'class-validator';
import { endusers } from '@carelane/db';
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

/**
 * POST /import-endusers: creates each row as its own enduser through the engine (validation, scope,
 * triggers, change events as for a create), each in its own transaction, so a refused row writes
 * nothing and the rest are kept. Answers every row's result in order (`row` counts from 1 within the
 * call); the staff app sends a file's rows in chunks to show progress.
 */
export const importEndusers = defineAction({
  method: 'post',
  path: '/import-endusers',
  auth: 'user',
  input: ImportEndusersInput,
  handler: async ({ services, caller }, input) => {
    const results: ImportRowResult[] = [];
    for (const [index, row] of input.rows.entries()) {
      try {
        const created = await services.engine.createOne(endusers, caller, row);
        results.push({ row: index + 1, id: String(created.id) });
      } catch (error) {
        // A row's own mistakes (400, or a duplicate as createSome words it) refuse that row; a refusal of
        // the caller (403) or a failure of ours fails the call.
        if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') results.push({ row: index + 1, message: UNIQUENESS_VIOLATION });
        else if (error instanceof ApiError && error.status === 400) results.push({ row: index + 1, message: error.message });
        else throw error;
      }
    }
    return { results };
  },
});
