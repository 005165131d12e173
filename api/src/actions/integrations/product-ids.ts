import { fail, validators as v } from '@carelane/db';

/** A checkout's product ids: a list of 1 to `max` ids, each checked as an id (its message as the field's). */
export const productIdList =
  (max: number) =>
  (raw: unknown): string[] => {
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > max) return fail(`Expecting a list of 1 to ${max} ids`);
    return raw.map((id) => v.id(id));
  };
