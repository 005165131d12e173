import type { ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import type { ListOptions } from '@carelane/engine';
import type { Services } from './action';

/**
 * A list exactly as the generic list call answers `caller` (docs/contract/api.md#generic-calls), as
 * plain records: the JSON PostgreSQL builds in the read itself, parsed, which costs a named call
 * reading a few hundred records far less than loading them as entities (bench/README.md).
 */
export const readRows = async (services: Services, definition: ResourceDefinition, caller: Caller, options: ListOptions) =>
  JSON.parse(await services.engine.getSomeJson(definition, caller, options)) as Record<string, unknown>[];
