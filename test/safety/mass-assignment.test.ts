import { reportFigure } from '../support/figures';
import { RESOURCES, type FieldDefinition, type ResourceDefinition } from '@carelane/db';
import { MATRIX } from '../identity/access-matrix/expectations';
import { buildWorld, calls, createFixture, createPayload, type MatrixCaller, type MatrixWorld } from '../identity/access-matrix/world';
import { startIdentityApi, type IdentityApi } from '../identity/support';

/**
 * Issue 21, mass assignment: every field the server keeps (readonly, no client validator, fixed
 * after create, and the common businessId / creator / createdAt) is written by an enduser and a
 * non-admin staff member through the reference client on create and update. Each write is refused,
 * or the stored value (read from the database) is not what the caller sent. One field per request,
 * so a refusal of one field never hides another.
 */
type Kind = 'create' | 'update';
const COMMON: Record<string, FieldDefinition> = {
  businessId: { column: 'id' },
  creator: { column: 'id' },
  createdAt: { column: 'date' },
};

const serverKept = (definition: ResourceDefinition, kind: Kind) =>
  Object.entries({ ...definition.fields, ...COMMON }).filter(
    ([, field]) => field.readonly || !field.validate || (kind === 'update' && field.updatable === false),
  );

/** A value no client payload or default would produce, so finding it stored means it was accepted. */
const forged = (field: FieldDefinition, foreignId: string, current?: unknown): unknown => {
  switch (field.column) {
    case 'text':
      return 'mass-assigned';
    case 'number':
      return 987_654;
    case 'boolean':
      return current === true || field.default?.() === true ? false : true;
    case 'date':
      return '2001-02-03T04:05:06.000Z';
    case 'id':
      return foreignId;
    case 'json':
      return { massAssigned: true };
  }
};

const stored = async (world: MatrixWorld, name: string, id: string) =>
  (await world.api.dataSource.getRepository(name).findOneBy({ _id: id })) as Record<string, unknown> | null;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a instanceof Date ? a.toISOString() : a) === JSON.stringify(b instanceof Date ? b.toISOString() : b);
const carries = (value: unknown, sent: unknown) =>
  sameValue(value, sent) || (typeof sent === 'object' && JSON.stringify(value ?? null).includes('massAssigned'));

describe('mass assignment: server-kept fields written by lower-privileged callers', () => {
  let api: IdentityApi;
  let world: MatrixWorld;

  beforeAll(async () => {
    api = await startIdentityApi();
    world = await buildWorld(api);
  }, 120_000);
  afterAll(() => api?.stop());

  it('every such field, on create and update, is refused or ignored', async () => {
    const callers: [string, MatrixCaller][] = [
      ['enduser', world.callers.owner],
      ['staff', world.callers.staffAll],
    ];
    const foreignId = world.otherTenant.businessId;
    const accepted: string[] = [];
    const counts = { refused: 0, ignored: 0, fields: new Set<string>() };
    const clientHas = (caller: MatrixCaller, name: string) => {
      try {
        return Boolean(calls(caller, name));
      } catch {
        return false;
      }
    };

    for (const definition of RESOURCES) {
      const row = MATRIX[definition.name];
      for (const [label, caller] of callers) {
        if (!clientHas(caller, definition.name)) continue;
        const resource = calls(caller, definition.name);
        for (const [name, field] of serverKept(definition, 'create')) {
          counts.fields.add(`${definition.name}.${name}`);
          const value = forged(field, foreignId);
          let payload: Record<string, unknown>;
          try {
            payload = await createPayload(world, definition);
          } catch {
            continue; // no example the admin can build (not a create the generic calls make)
          }
          let id: string;
          try {
            id = (await resource.createOne({ ...payload, [name]: value })).id;
          } catch {
            counts.refused++;
            continue;
          }
          const record = await stored(world, definition.name, id);
          if (record && carries(record[name], value)) accepted.push(`${label} create ${definition.name}.${name}`);
          else counts.ignored++;
        }
        let fixture: string;
        try {
          fixture = await createFixture(world, definition, row);
        } catch {
          continue;
        }
        for (const [name, field] of serverKept(definition, 'update')) {
          counts.fields.add(`${definition.name}.${name}`);
          const before = await stored(world, definition.name, fixture);
          if (!before) continue;
          const value = forged(field, foreignId, before[name]);
          try {
            await resource.updateOne(fixture, { [name]: value });
          } catch {
            counts.refused++;
            continue;
          }
          const after = await stored(world, definition.name, fixture);
          if (!after || !sameValue(after[name], before[name])) accepted.push(`${label} update ${definition.name}.${name}`);
          else counts.ignored++;
        }
      }
    }

    reportFigure(
      `mass assignment: ${counts.fields.size} fields x ${callers.length} callers, ${accepted.length} accepted (${counts.refused} refused, ${counts.ignored} ignored)`,
    );
    expect(accepted).toEqual([]);
    expect(counts.refused + counts.ignored).toBeGreaterThan(100);
  }, 600_000);
});
