import { Session as ReferenceClient } from '@tellescope/sdk';
import { RESOURCES, resourceByName, type ResourceDefinition } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;
type Queries = {
  createOne(record: Record<string, unknown>): Promise<Record<string, unknown> & { id: string }>;
  getOne(id: string): Promise<Record<string, unknown>>;
  getSome(options?: Record<string, unknown>): Promise<{ id: string }[]>;
  getByIds(options: { ids: string[] }): Promise<{ matches: { id: string }[] }>;
  updateOne(id: string, updates: Record<string, unknown>, options?: Record<string, unknown>): Promise<Record<string, unknown>>;
  deleteOne(id: string): Promise<void>;
};

const PLACEHOLDER = '000000000000000000000000';
const queries = (sdk: Session, name: string) => (sdk.api as unknown as Record<string, Queries>)[name];
const staffCan = (definition: ResourceDefinition, operation: string) => (definition.access?.user ?? []).includes(operation as never);

/** The resource's example with every referenced record created first (through the same generic calls). */
const payloadFor = async (sdk: Session, definition: ResourceDefinition, depth = 0): Promise<Record<string, unknown>> => {
  const payload = structuredClone(definition.example);
  // Unique fields (titles ...) get a suffix, since several resources create the same parent.
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
    const parent = await queries(sdk, target.name).createOne(await payloadFor(sdk, target, depth + 1));
    payload[field] = parent.id;
  }
  return payload;
};

/** A field the test can update with a value of its own kind (the example's value for it, or a text). */
const updateFor = (definition: ResourceDefinition): Record<string, unknown> | undefined => {
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

/** Resources the reference client has generic calls for (it has no `tasks`). */
const clientHas = (name: string) => Object.keys(new ReferenceClient({ host: 'http://127.0.0.1' }).api).includes(name);
const creatable = RESOURCES.filter((definition) => staffCan(definition, 'create') && clientHas(definition.name));
/** Resources whose create answers something else than the record (an API key answers { id, key } once). */
const CUSTOM_CREATE_ANSWER = new Set(['api_keys']);

describe('every resource: create, read, list, update and delete through the reference client', () => {
  let api: RunningApi;
  let sdk: Session;

  beforeAll(async () => {
    api = await startApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  test.each(creatable.map((definition) => [definition.name, definition] as const))('%s', async (name, definition) => {
    const resource = queries(sdk, name);
    expect(resource).toBeDefined();
    const created = await resource.createOne(await payloadFor(sdk, definition));
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    if (!CUSTOM_CREATE_ANSWER.has(name)) expect(created).toMatchObject({ creator: expect.any(String), businessId: expect.any(String) });
    for (const [field, rule] of Object.entries(definition.fields)) if (rule.secret) expect(created).not.toHaveProperty(field);

    await expect(resource.getOne(created.id)).resolves.toMatchObject({ id: created.id });
    expect((await resource.getSome()).map((r) => r.id)).toContain(created.id);
    expect((await resource.getByIds({ ids: [created.id] })).matches.map((r) => r.id)).toEqual([created.id]);

    const updates = updateFor(definition);
    if (updates && staffCan(definition, 'update')) await expect(resource.updateOne(created.id, updates)).resolves.toMatchObject(updates);

    if (staffCan(definition, 'delete')) {
      await resource.deleteOne(created.id);
      await expect(resource.getOne(created.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    }
  });
});
