import { Session as ReferenceClient } from '@tellescope/sdk';
import { RESOURCES, type ResourceDefinition } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';
import { callsFor, payloadFor, updateFor } from '../support/resource-payloads';

type Session = Awaited<ReturnType<typeof adminSession>>;
const queries = (sdk: Session, name: string) => callsFor(sdk, name);
const staffCan = (definition: ResourceDefinition, operation: string) => (definition.access?.user ?? []).includes(operation as never);

/** Resources the reference client has generic calls for (it has no `tasks`). */
const clientHas = (name: string) => Object.keys(new ReferenceClient({ host: 'http://127.0.0.1' }).api).includes(name);
/** Made only by a named call (the webhook configuration, one per business, by configure-webhooks). */
const CREATED_BY_NAMED_CALL = new Set(['webhooks']);
const creatable = RESOURCES.filter((definition) => staffCan(definition, 'create') && clientHas(definition.name) && !CREATED_BY_NAMED_CALL.has(definition.name));
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
