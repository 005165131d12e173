import { randomBytes } from 'node:crypto';
import { registeredEnduserSession } from '../support/tenant';
import { startAutomations, waitFor, type Automations } from '../automations/support';

type HeldChat = { id: string; delivered?: boolean; timestamp?: string | Date | null; sendAt?: string | Date };

/**
 * Chats with a sendAt ahead (the reference client's Chat.sendAt, issue 12): held, unseen by the
 * room's endusers and without moving the room, until their time, then sent by a durable Temporal
 * workflow; moving sendAt to the past sends at once (the client's chat_tests), moving it to another
 * time ahead reschedules.
 */
describe('scheduled chats', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('a chat for later is hidden from the enduser until its sendAt, then sent; sendAt moved to the past sends it at once', async () => {
    const { sdk, tenant } = await automations.session();
    const patient = await registeredEnduserSession(automations.api.host, tenant, `chat-${randomBytes(4).toString('hex')}@example.test`);
    const room = await sdk.api.chat_rooms.createOne({ enduserIds: [patient.userInfo.id] });
    const visibleToPatient = async () => (await patient.api.chats.getSome({ filter: { roomId: room.id } })).map((chat) => chat.message);

    const sendAt = new Date(Date.now() + 5000);
    const held = (await sdk.api.chats.createOne({ roomId: room.id, message: 'See you tomorrow', sendAt })) as unknown as HeldChat;
    expect(held).toMatchObject({ delivered: false });
    expect(held.timestamp ?? null).toBeNull();
    // Staff see what they scheduled; the enduser sees nothing yet, by list or by id, and the room has not moved.
    expect((await sdk.api.chats.getOne(held.id)).message).toBe('See you tomorrow');
    expect(await visibleToPatient()).toEqual([]);
    await expect(patient.api.chats.getOne(held.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    expect((await sdk.api.chat_rooms.getOne(room.id)).recentMessage ?? '').toBe('');

    await waitFor(visibleToPatient, (messages) => messages.includes('See you tomorrow'), 'the scheduled chat', 60_000);
    const sent = (await sdk.api.chats.getOne(held.id)) as unknown as HeldChat;
    expect(sent.delivered).toBe(true);
    expect(new Date(sent.timestamp!).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect((await sdk.api.chat_rooms.getOne(room.id)).recentMessage).toBe('See you tomorrow');

    // Far ahead, then moved to the epoch: out in that update, stamped now.
    const later = (await sdk.api.chats.createOne({ roomId: room.id, message: 'Next week', sendAt: new Date(Date.now() + 86_400_000) })) as unknown as HeldChat;
    expect(await visibleToPatient()).not.toContain('Next week');
    const before = Date.now();
    const released = (await sdk.api.chats.updateOne(later.id, { sendAt: new Date(0) })) as unknown as HeldChat;
    expect(released.delivered).toBe(true);
    expect(new Date(released.timestamp!).getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(await visibleToPatient()).toContain('Next week');
    expect((await sdk.api.chat_rooms.getOne(room.id)).recentMessage).toBe('Next week');

    // Far ahead, then moved to a few seconds ahead: its workflow is told and sends it then.
    const moved = (await sdk.api.chats.createOne({ roomId: room.id, message: 'Moved up', sendAt: new Date(Date.now() + 86_400_000) })) as unknown as HeldChat;
    const movedTo = new Date(Date.now() + 3000);
    await sdk.api.chats.updateOne(moved.id, { sendAt: movedTo });
    expect(await visibleToPatient()).not.toContain('Moved up');
    await waitFor(visibleToPatient, (messages) => messages.includes('Moved up'), 'the rescheduled chat', 60_000);
    expect(new Date(((await sdk.api.chats.getOne(moved.id)) as unknown as HeldChat).timestamp!).getTime()).toBeGreaterThanOrEqual(movedTo.getTime());

    // A chat sent now is stamped at once.
    const now = (await sdk.api.chats.createOne({ roomId: room.id, message: 'Right away' })) as unknown as HeldChat;
    expect(now.delivered).toBe(true);
    expect(now.timestamp).toBeTruthy();
    expect(await visibleToPatient()).toContain('Right away');
  });
});
