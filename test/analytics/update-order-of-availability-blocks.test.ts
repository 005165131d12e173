import type { Session } from '@tellescope/sdk';
import type { DomainEvent } from '@carelane/engine';
import { startApi, type RunningApi } from '../support/api-server';
import type { Tenant } from '../support/tenant';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant, createSubOrganization, memberOf } from './support';

describe('POST /update-order-of-availability-blocks', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const blocks = async (admin: Session, count: number) => {
    const created = [];
    for (let index = 0; index < count; index++) {
      created.push(
        await admin.api.availability_blocks.createOne({
          entity: 'user',
          entityId: admin.userInfo.id,
          index,
          dayOfWeekStartingSundayIndexedByZero: 1 + index,
          startTimeInMinutes: 540,
          endTimeInMinutes: 1020,
        }),
      );
    }
    return created;
  };

  const indexes = async (admin: Session) =>
    Object.fromEntries((await admin.api.availability_blocks.getSome()).map((block) => [block.id, block.index]));

  test('sets each listed index (through the reference client path /v1//...), with user_logs and change events', async () => {
    const { admin } = await freshTenant(api);
    const [a, b, c] = await blocks(admin, 3);
    const events: DomainEvent[] = [];
    const listener = (event: DomainEvent) => {
      if (event.resource === 'availability_blocks') events.push(event);
    };
    api.services.engine.events.on('change', listener);
    try {
      expect(await admin.api.availability_blocks.update_order({ indexUpdates: [{ id: a.id, index: 2 }, { id: c.id, index: 0 }] })).toEqual({});
    } finally {
      api.services.engine.events.off('change', listener);
    }
    expect(await indexes(admin)).toEqual({ [a.id]: 2, [b.id]: 1, [c.id]: 0 });
    expect(events.map((event) => [event.kind, event.record._id, event.changes])).toEqual([
      ['updated', a.id, { index: 2 }],
      ['updated', c.id, { index: 0 }],
    ]);
    expect(events[0]).toMatchObject({ businessId: a.businessId, previous: { index: 0 }, actor: { type: 'user', id: admin.userInfo.id } });
    const logs = await admin.api.user_logs.getSome({ filter: { resource: 'availability_blocks', action: 'update' } });
    expect(logs.map((log) => log.resourceId).sort()).toEqual([a.id, c.id].sort());
  });

  test('an id outside the caller business (or organization scope) is a 404 and nothing changes', async () => {
    const { admin } = await freshTenant(api);
    const other = await freshTenant(api);
    const [mine, second] = await blocks(admin, 2);
    const [foreign] = await blocks(other.admin, 1);
    const notFound = { message: 'Could not find a record for the given id' };
    await expect(admin.api.availability_blocks.update_order({ indexUpdates: [{ id: mine.id, index: 7 }, { id: foreign.id, index: 8 }] })).rejects.toMatchObject(notFound);
    expect(await indexes(admin)).toEqual({ [mine.id]: 0, [second.id]: 1 });
    expect(await indexes(other.admin)).toEqual({ [foreign.id]: 0 });
    await expect(admin.api.availability_blocks.update_order({ indexUpdates: [{ id: '0123456789abcdef01234567', index: 1 }] })).rejects.toMatchObject(notFound);

    // A sub-organization's Admin reaches its own blocks, not the root's.
    const north = await createSubOrganization(admin, 'North');
    const northAdmin = await memberOf(api, admin, [north.id]);
    const [northBlock] = await blocks(northAdmin.session, 1);
    await expect(northAdmin.session.api.availability_blocks.update_order({ indexUpdates: [{ id: northBlock.id, index: 5 }, { id: mine.id, index: 5 }] })).rejects.toMatchObject(notFound);
    await northAdmin.session.api.availability_blocks.update_order({ indexUpdates: [{ id: northBlock.id, index: 5 }] });
    expect(await indexes(admin)).toEqual({ [mine.id]: 0, [second.id]: 1, [northBlock.id]: 5 });
  });

  test('Admin only; endusers refused; anonymous callers unauthenticated', async () => {
    const { tenant, admin } = await freshTenant(api);
    const [block] = await blocks(admin, 1);
    const staff = await createStaff(api, admin);
    await expect(staff.session.api.availability_blocks.update_order({ indexUpdates: [{ id: block.id, index: 3 }] })).rejects.toMatchObject({ message: 'Admin access only' });
    const patient = await createEnduser(api.host, admin, tenant as Tenant);
    const body = JSON.stringify({ indexUpdates: [{ id: block.id, index: 3 }] });
    expect(await callWith(api.host, `Bearer ${patient.session.authToken}`, '/v1/update-order-of-availability-blocks', { method: 'POST', body })).toMatchObject({
      status: 403,
      body: { message: 'You do not have access to this resource' },
    });
    expect(await callWith(api.host, 'Bearer ', '/v1/update-order-of-availability-blocks', { method: 'POST', body })).toEqual({ status: 401, body: 'Unauthenticated' });
    expect(await indexes(admin)).toEqual({ [block.id]: 0 });
  });

  test('bad input is a 400 with the reference wording', async () => {
    const { admin } = await freshTenant(api);
    const [block] = await blocks(admin, 1);
    const order = (indexUpdates: unknown) => admin.api.availability_blocks.update_order({ indexUpdates } as never);
    await expect(order(undefined)).rejects.toMatchObject({ message: 'Value not provided for required field: indexUpdates' });
    await expect(order('first')).rejects.toMatchObject({ message: 'Error parsing field indexUpdates: Expecting a list but got first' });
    await expect(order([{ id: 'nope', index: 1 }])).rejects.toMatchObject({ message: 'Error parsing field indexUpdates: Invalid id' });
    await expect(order([{ id: block.id, index: -1 }])).rejects.toMatchObject({ message: 'Error parsing field indexUpdates: Not a valid number for [0-10000000000000]' });
    await expect(order([{ id: block.id }])).rejects.toMatchObject({ message: 'Error parsing field indexUpdates: missing value for index' });
    await expect(order([{ id: block.id, index: 1, extra: true }])).rejects.toMatchObject({ message: 'Error parsing field indexUpdates: Got unexpected field(s) [extra]' });
    await expect(order([{ id: block.id, index: 1 }, { id: block.id, index: 2 }])).rejects.toMatchObject({
      message: `Error parsing field indexUpdates: id ${block.id} is listed more than once`,
    });
    expect(await order([])).toEqual({});
    expect(await indexes(admin)).toEqual({ [block.id]: 0 });
  });
});
