import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { claimNumber, incomingText, postAsTwilio, TWILIO_TEST_TOKEN } from './inbound-support';
import { inboxCall, type Card } from './inbox-support';
import { createEnduserSession, createStaffSession, startMessagingApi, uniquePhone, type MessagingApi } from './support';

type Page = { conversations: Card[]; nextBefore?: number };

/** Issue 32: GET /inbox-conversations, the staff inbox's list (chat rooms, SMS threads, email threads), its views and keyset. */
describe('inbox conversations', () => {
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  const clinicNumber = uniquePhone();

  beforeAll(async () => {
    api = await startMessagingApi({ env: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
    tenant = await createTenant(api.dataSource);
    sdk = await adminSession(api.host, tenant);
    await claimNumber(sdk, tenant.businessId, clinicNumber);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const list = async (session: Session, input: Record<string, unknown> = {}) => {
    const answer = await inboxCall<Page>(api.host, session, 'GET', '/inbox-conversations', input);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

  test('every channel in one list, newest first, by view, paged by the last message time, with unread counts', async () => {
    const staff = await createStaffSession(api, sdk);
    const me = sdk.userInfo.id as string;
    // A chat room of the Admin's, one of the colleague's, a text thread, an unmatched text and a closed room.
    const { enduser: pat, session: patSession } = await createEnduserSession(api, sdk, tenant.businessId, { fname: 'Pat', lname: 'Mine' });
    const mine = await sdk.api.chat_rooms.createOne({ enduserIds: [pat.id], userIds: [me] });
    await patSession.api.chats.createOne({ roomId: mine.id, message: 'Hello from Pat' });
    await pause();
    const { enduser: lee } = await createEnduserSession(api, sdk, tenant.businessId, { fname: 'Lee', lname: 'Theirs' });
    const theirs = await sdk.api.chat_rooms.createOne({ enduserIds: [lee.id], userIds: [staff.user.id] });
    await sdk.api.chats.createOne({ roomId: theirs.id, message: 'Hello Lee' });
    await pause();
    const phone = uniquePhone();
    const texter = await sdk.api.endusers.createOne({ phone, fname: 'Tex', lname: 'Ter' } as never);
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(phone, clinicNumber, 'First text'));
    await pause();
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(phone, clinicNumber, 'Second text'));
    await pause();
    const stranger = uniquePhone();
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(stranger, clinicNumber, 'Who is this?'));
    await pause();
    const closed = await sdk.api.chat_rooms.createOne({ enduserIds: [pat.id], userIds: [me] });
    await sdk.api.chats.createOne({ roomId: closed.id, message: 'All done' });
    await sdk.api.chat_rooms.updateOne(closed.id, { endedAt: new Date() });

    const all = await list(sdk, { view: 'All' });
    expect(all.conversations.map((card) => [card.key, card.patientName, card.lastMessage])).toEqual([
      [`sms:${stranger}`, stranger, 'Who is this?'],
      [`sms:${texter.id}`, 'Tex Ter', 'Second text'],
      [`chat:${theirs.id}`, 'Lee Theirs', 'Hello Lee'],
      [`chat:${mine.id}`, 'Pat Mine', 'Hello from Pat'],
    ]);
    expect(all.nextBefore).toBeUndefined();
    const texts = all.conversations[1]!;
    expect(texts).toMatchObject({ channel: 'SMS', unreadCount: 2, assignees: [] });
    expect(all.conversations[3]).toMatchObject({ channel: 'Chat', unreadCount: 1, assignees: [{ id: me, name: expect.any(String) }] });
    expect(all.conversations[2]!.assignees).toEqual([{ id: staff.user.id, name: 'Sky Staff' }]);

    expect((await list(sdk, { view: 'Mine' })).conversations.map((card) => card.key)).toEqual([`chat:${mine.id}`]);
    expect((await list(sdk, { view: 'Unassigned' })).conversations.map((card) => card.key)).toEqual([`sms:${stranger}`, `sms:${texter.id}`]);
    expect((await list(sdk, { view: 'Closed' })).conversations.map((card) => card.key)).toEqual([`chat:${closed.id}`]);

    // Pages of two: the keyset continues where the last card stopped, each conversation once.
    const first = await list(sdk, { view: 'All', limit: 2 });
    expect(first.conversations.map((card) => card.key)).toEqual([`sms:${stranger}`, `sms:${texter.id}`]);
    const second = await list(sdk, { view: 'All', limit: 2, before: first.nextBefore });
    expect(second.conversations.map((card) => card.key)).toEqual([`chat:${theirs.id}`, `chat:${mine.id}`]);

    // Read, then marked unread, for the caller alone.
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation: `sms:${texter.id}` });
    expect((await list(sdk, { view: 'Unassigned' })).conversations.find((card) => card.key === `sms:${texter.id}`)?.unreadCount).toBe(0);
    expect((await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-unread', { conversation: `sms:${texter.id}` })).status).toBe(200);
    expect((await list(sdk, { view: 'Unassigned' })).conversations.find((card) => card.key === `sms:${texter.id}`)?.unreadCount).toBe(1);
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-unread', { conversation: `chat:${mine.id}` });
    expect((await list(sdk, { view: 'Mine' })).conversations[0]).toMatchObject({ markedUnread: true });

    // The colleague (Non-Admin) sees their own room and the patients assigned to them, nothing else.
    expect((await list(staff.session, { view: 'All' })).conversations.map((card) => card.key)).toEqual([`chat:${theirs.id}`]);
  });

  test('a text thread closes and reopens for everyone; the patient writing again reopens it', async () => {
    const phone = uniquePhone();
    const patient = await sdk.api.endusers.createOne({ phone, fname: 'Clo', lname: 'Sing' } as never);
    const conversation = `sms:${patient.id}`;
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(phone, clinicNumber, 'Thanks, that is all'));
    const keysOf = async (view: string) => (await list(sdk, { view })).conversations.map((card) => card.key);

    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-close', { conversation, closed: true })).toMatchObject({ status: 200 });
    expect(await keysOf('Closed')).toContain(conversation);
    expect(await keysOf('All')).not.toContain(conversation);
    expect((await inboxCall<{ closedAt?: number }>(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation })).body.closedAt).toEqual(expect.any(Number));

    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-close', { conversation, closed: false });
    expect(await keysOf('All')).toContain(conversation);
    expect(await keysOf('Closed')).not.toContain(conversation);

    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-close', { conversation, closed: true });
    await pause();
    await postAsTwilio(api.host, '/webhooks/twilio/sms', incomingText(phone, clinicNumber, 'Actually, one more thing'));
    expect(await keysOf('All')).toContain(conversation);
    expect((await inboxCall<{ closedAt?: number }>(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation })).body.closedAt).toBeUndefined();

    // A colleague who may not see the patient cannot close their thread, and it stays open.
    const colleague = await createStaffSession(api, sdk);
    expect(await inboxCall(api.host, colleague.session, 'POST', '/inbox-conversation-close', { conversation, closed: true })).toMatchObject({ status: 404, body: { message: 'Conversation not found' } });
    expect(await keysOf('All')).toContain(conversation);
  });

  test('reading a chat already read changes nothing, so an open conversation does not set off its own live update', async () => {
    const { enduser, session } = await createEnduserSession(api, sdk, tenant.businessId, { fname: 'Rae', lname: 'Reader' });
    const room = await sdk.api.chat_rooms.createOne({ enduserIds: [enduser.id], userIds: [sdk.userInfo.id as string] });
    await session.api.chats.createOne({ roomId: room.id, message: 'Are you there?' });
    const conversation = `chat:${room.id}`;
    const unreadOf = async () => (await list(sdk, { view: 'All' })).conversations.find((card) => card.key === conversation)?.unreadCount;
    expect(await unreadOf()).toBe(1);
    // The first read marks it read: the room changes (the inbox's live channel announces it).
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation });
    expect(await unreadOf()).toBe(0);
    const afterRead = (await sdk.api.chat_rooms.getOne(room.id)).updatedAt;
    // The page's reload after that announcement reads it again: nothing to change, so no change and no announcement.
    await pause();
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation });
    expect((await sdk.api.chat_rooms.getOne(room.id)).updatedAt).toEqual(afterRead);
    // Marked unread, then read: each a change again.
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-unread', { conversation });
    const afterUnread = (await sdk.api.chat_rooms.getOne(room.id)).updatedAt;
    expect(afterUnread).not.toEqual(afterRead);
    await pause();
    await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation });
    expect((await sdk.api.chat_rooms.getOne(room.id)).updatedAt).not.toEqual(afterUnread);
  });

  test('bad input: exact 4xx messages', async () => {
    expect(await inboxCall(api.host, sdk, 'GET', '/inbox-conversations', { view: 'Everything' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Value must match one of Mine, Unassigned, All, Closed') } });
    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation: 'chat:nope' })).toEqual({ status: 400, body: expect.objectContaining({ message: 'Invalid conversation' }) });
    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-read', { conversation: 'chat:0123456789abcdef01234567' })).toMatchObject({ status: 404 });
    const quiet = await sdk.api.endusers.createOne({ fname: 'Quiet' } as never);
    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-unread', { conversation: `sms:${quiet.id}` })).toEqual({ status: 400, body: expect.objectContaining({ message: 'The patient has not written in this conversation' }) });
    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-close', { conversation: `sms:${quiet.id}`, closed: true })).toEqual({ status: 404, body: expect.objectContaining({ message: 'Conversation not found' }) });
    expect(await inboxCall(api.host, sdk, 'POST', '/inbox-conversation-close', { conversation: `sms:${quiet.id}` })).toEqual({ status: 400, body: expect.objectContaining({ message: 'Value not provided for required field: closed' }) });
  });
});
