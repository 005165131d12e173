import type { Operation, ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import { forbidden } from '../errors';

/**
 * The engine's one access hook, called before every operation. It applies the resource's default
 * access by actor; the identity work refines it with the role matrix and per-record rules.
 */
export const authorize = (definition: ResourceDefinition, operation: Operation, caller: Caller) => {
  const allowed = definition.access?.[caller.type] ?? [];
  if (!allowed.includes(operation)) throw forbidden();
};

/** Rows an enduser may see within a resource they can read (their own profile, their own records). */
export const visibilityFilter = (definition: ResourceDefinition, caller: Caller): Record<string, unknown> => {
  if (caller.type !== 'enduser') return {};
  if (definition.name === 'endusers') return { _id: caller.id };
  if ('enduserId' in definition.fields) return { enduserId: caller.id };
  return {};
};
