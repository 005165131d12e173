import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

/**
 * Issue 12: fields and paths of the reference client that belong to resources of our spec are
 * accepted, stored and returned: verifiedEmail on a new staff account, GET /v1/unsubscribe (the
 * marketing opt-out link), sendAt on chats.
 */
describe('fields and paths the reference client uses', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    admin = await adminSession(api.host, tenant);
  }, 60_000);
  afterAll(() => api.stop());

  test('an Admin creating a staff account may set verifiedEmail; it is stored, returned, and fixed afterwards (updatesDisabled in the client)', async () => {
    const email = `verified-${randomBytes(4).toString('hex')}@example.com`;
    const created = await admin.api.users.createOne({ email, fname: 'Vera', verifiedEmail: true } as never);
    expect(created).toMatchObject({ email, verifiedEmail: true });
    await expect(admin.api.users.getOne(created.id)).resolves.toMatchObject({ verifiedEmail: true });
    await expect(admin.api.users.updateOne(created.id, { verifiedEmail: false } as never)).rejects.toMatchObject({ message: 'Error parsing field verifiedEmail: This field cannot be updated' });
    const unverified = await admin.api.users.createOne({ email: `plain-${randomBytes(4).toString('hex')}@example.com`, fname: 'Pat' });
    expect(unverified.verifiedEmail).not.toBe(true);
  });

  test('GET /v1/unsubscribe { enduserId } sets unsubscribedFromMarketing, and answers the same for an unknown id', async () => {
    const enduser = await admin.api.endusers.createOne({ email: `marketing-${randomBytes(4).toString('hex')}@example.com` });
    expect(enduser.unsubscribedFromMarketing).not.toBe(true);
    const answer = await admin.GET('/v1/unsubscribe', { enduserId: enduser.id });
    await expect(admin.api.endusers.getOne(enduser.id)).resolves.toMatchObject({ unsubscribedFromMarketing: true });
    // Public: the link works without a session, and an unknown id gets the same answer.
    const visitor = new Session({ host: api.host });
    await expect(visitor.GET('/v1/unsubscribe', { enduserId: '0123456789abcdef01234567' })).resolves.toEqual(answer);
    await expect(visitor.GET('/v1/unsubscribe', { enduserId: 'not-an-id' })).rejects.toMatchObject({ message: 'Error parsing field enduserId: Invalid id' });
  });

  test('a chat keeps the sendAt it was created with, and an update can clear it', async () => {
    const enduser = await admin.api.endusers.createOne({ email: `chat-${randomBytes(4).toString('hex')}@example.com` });
    const room = await admin.api.chat_rooms.createOne({ enduserIds: [enduser.id], userIds: [admin.userInfo.id] });
    const sendAt = new Date(Date.now() + 60 * 60 * 1000);
    const chat = await admin.api.chats.createOne({ roomId: room.id, message: 'Later', sendAt });
    expect(new Date(chat.sendAt as Date).toISOString()).toBe(sendAt.toISOString());
    const read = await admin.api.chats.getOne(chat.id);
    expect(new Date(read.sendAt as Date).toISOString()).toBe(sendAt.toISOString());
    await admin.api.chats.updateOne(chat.id, { sendAt: '' });
    expect((await admin.api.chats.getOne(chat.id)).sendAt ?? undefined).toBeUndefined();
    await expect(admin.api.chats.createOne({ roomId: room.id, message: 'Bad', sendAt: 'tomorrow-ish' as never })).rejects.toMatchObject({ message: 'Error parsing field sendAt: Invalid date' });
  });
});
