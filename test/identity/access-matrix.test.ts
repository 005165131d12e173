import { RESOURCES, type ResourceDefinition } from '@carelane/db';
import { startIdentityApi, type IdentityApi } from './support';
import { ACTORS, expected, MATRIX, OPERATIONS, type Actor, type MatrixRow, type Op, type Outcome } from './access-matrix/expectations';
import { buildWorld, calls, createFixture, createPayload, namesRecords, updatePayload, type MatrixCaller, type MatrixWorld } from './access-matrix/world';

const NOT_FOUND = 'Could not find a record for the given id';

/** The HTTP status behind a reference client rejection: its body's code, or 401 for the plain 'Unauthenticated'. */
const statusOf = (error: unknown) => {
  if (error === 'Unauthenticated' || (error as { message?: string })?.message === 'Unauthenticated') return 401;
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'number' ? code : -1;
};
const messageOf = (error: unknown) => (typeof error === 'string' ? error : ((error as { message?: string })?.message ?? String(error)));

const FAILURES: Record<number, Outcome> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'hidden', 400: 'refused' };

type Answer = { outcome: Outcome | 'error'; detail: string; value?: unknown };

const attempt = async (call: () => Promise<unknown>, success: (value: unknown) => Outcome): Promise<Answer> => {
  try {
    const value = await call();
    return { outcome: success(value), detail: 'answered', value };
  } catch (error) {
    const status = statusOf(error);
    const outcome = FAILURES[status] ?? 'error';
    // 'hidden' is a 404 with the not-found text, never another 404.
    if (outcome === 'hidden' && messageOf(error) !== NOT_FOUND) return { outcome: 'error', detail: `404 ${messageOf(error)}` };
    return { outcome, detail: `${status} ${messageOf(error)}` };
  }
};

/** A stored record's state, read past the api: whether it exists and when it last changed. */
const stored = async (world: MatrixWorld, name: string, id: string) => {
  const [row] = await world.api.dataSource.query(`SELECT "updatedAt" FROM "${name}" WHERE _id = $1`, [id]);
  return row ? new Date(row.updatedAt).getTime() : undefined;
};
const countIn = async (world: MatrixWorld, name: string) => {
  const [{ count }] = await world.api.dataSource.query(`SELECT count(*)::int AS count FROM "${name}" WHERE "businessId" = ANY($1)`, [
    [world.tenant.businessId, world.otherTenant.businessId],
  ]);
  return count as number;
};

/** What every answer a caller reads must respect: its own organization, and for endusers their own records unless shared. */
const leaks = (caller: MatrixCaller, row: MatrixRow, definition: ResourceDefinition, records: Record<string, unknown>[]) => {
  const found: string[] = [];
  for (const record of records) {
    if (record.businessId !== undefined && record.businessId !== caller.businessId) found.push(`record ${record.id} of business ${record.businessId}`);
    if (!caller.enduser || row.enduser?.shared) continue;
    if (definition.name === 'endusers' && record.id !== caller.id) found.push(`enduser ${record.id}`);
    if ('enduserId' in definition.fields && record.enduserId && record.enduserId !== caller.id) found.push(`record ${record.id} of enduser ${record.enduserId}`);
  }
  return found;
};

/** Runs one cell and answers what happened, checking that anything but success changed nothing. */
const runCell = async (world: MatrixWorld, definition: ResourceDefinition, row: MatrixRow, actor: Actor, op: Op, fixture: string) => {
  const caller = world.callers[actor];
  const resource = calls(caller, definition.name);
  const problems: string[] = [];
  let answer: Answer;
  switch (op) {
    case 'create': {
      const payload = await createPayload(world, definition);
      const before = await countIn(world, definition.name);
      answer = await attempt(() => resource.createOne(payload), () => 'ok');
      if (answer.outcome !== 'ok' && (await countIn(world, definition.name)) !== before) problems.push('a refused create stored a record');
      if (answer.outcome === 'ok') problems.push(...leaks(caller, row, definition, [answer.value as Record<string, unknown>]));
      return { answer, problems, payload };
    }
    case 'read':
      answer = await attempt(() => resource.getOne(fixture), (value) => ((value as { id?: string }).id === fixture ? 'ok' : 'hidden'));
      if (answer.outcome === 'ok') problems.push(...leaks(caller, row, definition, [answer.value as Record<string, unknown>]));
      return { answer, problems };
    case 'list':
      answer = await attempt(
        () => resource.getSome({ limit: 1000 }),
        (value) => ((value as { id: string }[]).some((record) => record.id === fixture) ? 'ok' : 'hidden'),
      );
      if (Array.isArray(answer.value)) problems.push(...leaks(caller, row, definition, answer.value as Record<string, unknown>[]));
      return { answer, problems };
    case 'update': {
      const before = await stored(world, definition.name, fixture);
      answer = await attempt(() => resource.updateOne(fixture, updatePayload(definition)), () => 'ok');
      if (answer.outcome !== 'ok' && (await stored(world, definition.name, fixture)) !== before) problems.push('a refused update changed the record');
      return { answer, problems };
    }
    case 'delete':
      answer = await attempt(() => resource.deleteOne(fixture), () => 'ok');
      if (answer.outcome === 'ok' && (await stored(world, definition.name, fixture)) !== undefined) problems.push('a delete left the record');
      if (answer.outcome !== 'ok' && (await stored(world, definition.name, fixture)) === undefined) problems.push('a refused delete removed the record');
      return { answer, problems };
  }
};

describe('access matrix: every resource × create, read, list, update, delete × every kind of caller (issue #4)', () => {
  let api: IdentityApi;
  let world: MatrixWorld;

  beforeAll(async () => {
    api = await startIdentityApi();
    world = await buildWorld(api);
  });
  afterAll(() => api.stop());

  test('every resource of the API has a row, and every row a resource', () => {
    expect(RESOURCES.map((definition) => definition.name).filter((name) => !MATRIX[name])).toEqual([]);
    expect(Object.keys(MATRIX).filter((name) => !RESOURCES.some((definition) => definition.name === name))).toEqual([]);
  });

  test.each(RESOURCES.map((definition) => [definition.name, definition] as const))('%s', async (name, definition) => {
    const row = MATRIX[name];
    if (!row) throw new Error(`${name} has no row in the access matrix`);
    const mismatches: string[] = [];
    const check = (actor: Actor, op: Op, result: Awaited<ReturnType<typeof runCell>>, want: Outcome) => {
      if (result.answer.outcome !== want) mismatches.push(`${actor} ${op}: expected ${want}, got ${result.answer.outcome} (${result.answer.detail})`);
      for (const problem of result.problems) mismatches.push(`${actor} ${op}: ${problem}`);
    };

    const fixture = await createFixture(world, definition, row);
    for (const op of OPERATIONS.filter((op) => op !== 'delete')) {
      for (const actor of ACTORS) {
        const result = await runCell(world, definition, row, actor, op, fixture);
        check(actor, op, result, expected(row, actor, op, result.payload ? namesRecords(definition, result.payload) : false));
      }
    }
    // Refused deletes first, on the shared record; each permitted delete on a record of its own.
    const deleting = ACTORS.map((actor) => ({ actor, want: expected(row, actor, 'delete', false) }));
    for (const { actor, want } of [...deleting.filter((d) => d.want !== 'ok'), ...deleting.filter((d) => d.want === 'ok')]) {
      const target = want === 'ok' ? await createFixture(world, definition, row, true) : fixture;
      check(actor, 'delete', await runCell(world, definition, row, actor, 'delete', target), want);
    }
    expect(mismatches).toEqual([]);
  });
});
