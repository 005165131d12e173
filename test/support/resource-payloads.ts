import { defaultQueries } from '@tellescope/sdk';
import { resourceByName, type ResourceDefinition } from '@carelane/db';

/** The id the resource examples use for "a record of the referenced resource, made first". */
export const PLACEHOLDER = '000000000000000000000000';

/** The generic calls of one resource, as the reference client makes them. */
export type GenericCalls = {
  createOne(record: Record<string, unknown>): Promise<Record<string, unknown> & { id: string }>;
  getOne(id: string): Promise<Record<string, unknown>>;
  getSome(options?: Record<string, unknown>): Promise<({ id: string } & Record<string, unknown>)[]>;
  getByIds(options: { ids: string[] }): Promise<{ matches: { id: string }[] }>;
  updateOne(id: string, updates: Record<string, unknown>, options?: Record<string, unknown>): Promise<Record<string, unknown>>;
  deleteOne(id: string): Promise<void>;
};

type AnySession = Parameters<typeof defaultQueries>[0];

/**
 * A resource's generic calls through a reference client session: the session's own (which may be a
 * named call, as the enduser client's post like is) or, for a resource that client does not list,
 * the client's default queries bound to the same session.
 */
export const callsFor = (session: AnySession, name: string): GenericCalls => {
  const own = (session as unknown as { api: Record<string, GenericCalls | undefined> }).api[name];
  const fallback = defaultQueries(session, name as never) as unknown as GenericCalls;
  return own ? { ...fallback, ...own } : fallback;
};

/** Shapes one record's payload before it is sent (the access matrix ties records to its enduser). */
export type Adjust = (definition: ResourceDefinition, payload: Record<string, unknown>) => Record<string, unknown>;

/**
 * The resource's example with every referenced record created first, through the same generic calls
 * of `creator` (an admin session). Unique fields get a suffix, since several records share a parent.
 */
export const payloadFor = async (
  creator: AnySession,
  definition: ResourceDefinition,
  adjust: Adjust = (_d, p) => p,
  depth = 0,
  presets: Record<string, unknown> = {},
): Promise<Record<string, unknown>> => {
  const payload = { ...structuredClone(definition.example), ...presets };
  for (const field of [...(definition.unique ?? []), ...(definition.globallyUnique ?? [])].flat()) {
    const value = payload[field];
    if (typeof value !== 'string' || definition.fields[field]?.column === 'id') continue;
    const suffix = Math.random().toString(36).slice(2, 8);
    payload[field] = value.includes('@') ? value.replace('@', `+${suffix}@`) : `${value}-${suffix}`;
  }
  for (const [field, rule] of Object.entries(definition.fields)) {
    if (!rule.references || payload[field] !== PLACEHOLDER) continue;
    const target = resourceByName.get(rule.references.resource)!;
    if (depth > 5) throw new Error(`reference cycle at ${definition.name}.${field}`);
    // A parent shares the ancestors already chosen for the child (a comment like's comment is on its post, in its forum).
    const inherited = Object.fromEntries(
      Object.entries(target.fields)
        .filter(([name, other]) => other.references && other.references.resource === definition.fields[name]?.references?.resource && typeof payload[name] === 'string' && payload[name] !== PLACEHOLDER)
        .map(([name]) => [name, payload[name]]),
    );
    const parent = await callsFor(creator, target.name).createOne(await payloadFor(creator, target, adjust, depth + 1, inherited));
    payload[field] = parent.id;
  }
  return adjust(definition, payload);
};

/** A field the caller can update with a value of its own kind (the example's text for it, or true). */
export const updateFor = (definition: ResourceDefinition): Record<string, unknown> | undefined => {
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.readonly || field.updatable === false || field.references) continue;
    if (field.column === 'text' && definition.example[name] !== undefined && typeof definition.example[name] === 'string') {
      return { [name]: definition.example[name] };
    }
  }
  for (const [name, field] of Object.entries(definition.fields)) {
    if (!field.readonly && field.updatable !== false && field.column === 'boolean') return { [name]: true };
  }
  return undefined;
};
