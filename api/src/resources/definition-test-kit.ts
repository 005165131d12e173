import type { ActorInfo, ResourceDefinition } from '@carelane/db';
import { parseCreate, parseUpdate } from './payload';

/** Ids that look real to the validators, for definition tests that run without a database. */
export const ID = '000000000000000000000000';
export const OTHER_ID = '111111111111111111111111';

/** The message of the error `run` throws (a test helper that fails when nothing is thrown). */
export const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected an error');
};

/**
 * Helpers over a list of definitions: create and update payloads built from each resource's example,
 * parsed exactly as the engine parses them.
 */
export const definitionKit = (definitions: ResourceDefinition[]) => {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const def = (name: string): ResourceDefinition => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No resource ${name} in this group`);
    return definition;
  };
  const create = (name: string, changes: Record<string, unknown> = {}, actor?: ActorInfo) => parseCreate(def(name), { ...def(name).example, ...changes }, actor);
  const update = (name: string, updates: Record<string, unknown>, actor?: ActorInfo) => parseUpdate(def(name), create(name), updates, {}, actor);
  return {
    def,
    create,
    createError: (name: string, changes: Record<string, unknown>, actor?: ActorInfo) => message(() => create(name, changes, actor)),
    update,
    updateError: (name: string, updates: Record<string, unknown>, actor?: ActorInfo) => message(() => update(name, updates, actor)),
    without: (name: string, key: string) => {
      const { [key]: _removed, ...rest } = def(name).example;
      return rest;
    },
  };
};
