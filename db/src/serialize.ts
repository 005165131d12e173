import type { ResourceDefinition } from './resources/define';

/**
 * Stored row to wire record: `_id` becomes `id`, secrets and empty columns are left out. The one
 * serializer of the project: the api's reads and what automation templates see both go through it,
 * so a template can never show more than a reader of the record through the api would see.
 */
export const serialize = (definition: ResourceDefinition, row: Record<string, unknown>) => {
  const output: Record<string, unknown> = { id: row._id };
  for (const [key, value] of Object.entries(row)) {
    if (key === '_id') continue;
    const field = definition.fields[key];
    if (field?.secret) continue;
    if (value === null || value === undefined) {
      if (field?.answeredAsNull) output[key] = null;
      continue;
    }
    output[key] = value;
  }
  return output;
};
