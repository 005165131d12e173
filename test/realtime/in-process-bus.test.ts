import { InProcessBus } from '@carelane/api/realtime/bus';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';
import { createEnduser } from '../identity/support';
import { eventually, itemsOf, openClientSocket } from './support';

describe('realtime without Redis: one api process delivers through its in-process bus', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // REDIS_URL empty: no Redis (a single api process).
    api = await startApi({ env: { REDIS_URL: '' } });
  });
  afterAll(() => api.stop());

  test("the room member's socket receives created-chats", async () => {
    expect(api.realtime.bus).toBeInstanceOf(InProcessBus);
    const tenant = await createTenant(api.dataSource);
    const admin = await adminSession(api.host, tenant);
    const member = await createEnduser(api.host, admin, tenant);
    const { socket, received } = await openClientSocket(member.session);
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [member.enduser.id] });
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'No Redis needed' });
    await eventually(() => itemsOf(received, 'created-chats').some((item) => (item as { id: string }).id === chat.id), 2_000, 'created-chats');
    socket.disconnect();
  });
});
