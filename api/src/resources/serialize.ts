import type { ResourceDefinition } from '@carelane/db';

/** Stored row to wire record: `_id` becomes `id`, secrets and empty columns are left out. */
export const serialize = (definition: ResourceDefinition, row: Record<string, unknown>) => {
  const output: Record<string, unknown> = { id: row._id };
  for (const [key, value] of Object.entries(row)) {
    if (key === '_id' || value === null || value === undefined) continue;
    if (definition.fields[key]?.secret) continue;
    output[key] = value;
  }
  return output;
};
