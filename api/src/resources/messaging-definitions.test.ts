import { parseCreate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ENDUSER, ID, OTHER_ID, STAFF } from './definition-test-kit';

/**
 * Messaging definitions without a database: emails, SMS, phone calls, chat rooms and chats,
 * templates and team notifications, with the rules of docs/contract/entities.md#messaging,
 * validation.md and access.md and their exact messages.
 */

const { definitions, def, create, createError, update, updateError, enduserAccess } = definitionKit('messaging');

describe('messaging resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers exactly the access §6 lists', () => {
    expect(enduserAccess()).toEqual({
      emails: [],
      sms_messages: [],
      phone_calls: [],
      chat_rooms: ['create', 'read'],
      chats: ['create', 'read'],
      templates: [],
      user_notifications: [],
    });
  });

  describe('messages', () => {
    it('limits SMS to 630 characters and refuses a blank message', () => {
      expect(create('sms_messages', { message: 'x'.repeat(630) }).message).toHaveLength(630);
      expect(createError('sms_messages', { message: 'x'.repeat(631) })).toBe('Error parsing field message: String must not exceed 630 characters');
      expect(createError('sms_messages', { message: '   ' })).toBe('message must not be blank');
      expect(updateError('sms_messages', { message: '' })).toBe('message must not be blank');
    });

    it('limits email bodies to 100000 characters', () => {
      expect(create('emails', { textContent: 'x'.repeat(100_000), HTMLContent: 'x'.repeat(100_000) }).textContent).toHaveLength(100_000);
      expect(createError('emails', { textContent: 'x'.repeat(100_001) })).toBe('Error parsing field textContent: String must not exceed 100000 characters');
      expect(createError('emails', { HTMLContent: 'x'.repeat(100_001) })).toBe('Error parsing field HTMLContent: String must not exceed 100000 characters');
    });

    it.each(['emails', 'sms_messages'])('%s: a logOnly message is recorded as delivered, the sender defaults to the staff caller', (name) => {
      expect(create(name, { logOnly: true }, STAFF)).toMatchObject({ logOnly: true, delivered: true, inbound: false, userId: STAFF.id });
      expect(create(name, { logOnly: false }, STAFF)).toMatchObject({ delivered: false });
      expect(create(name, { logOnly: undefined }, STAFF)).toMatchObject({ logOnly: false, delivered: false });
      expect(create(name, { userId: OTHER_ID }, STAFF).userId).toBe(OTHER_ID);
      expect(createError(name, { delivered: true })).toBe('Error parsing field delivered: This field cannot be updated');
      expect(updateError(name, { delivered: true })).toBe('Error parsing field delivered: This field cannot be updated');
      expect(updateError(name, { linkOpens: { 0: new Date() } })).toBe('Error parsing field linkOpens: This field cannot be updated');
      expect(createError(name, { logOnly: 'yes' })).toBe('Error parsing field logOnly: Invalid boolean');
    });

    it('keeps email delivery and tracking fields server-side and threads replies', () => {
      for (const key of ['threadId', 'messageId', 'source', 'openedAt', 'textEncoding', 'htmlEncoding', 's3id']) {
        expect(def('emails').fields[key]).toMatchObject({ readonly: true });
      }
      expect(create('emails', { replyTo: 'message-id-1' }, STAFF).threadId).toBe('message-id-1');
      expect(updateError('emails', { userId: OTHER_ID })).toBe('Error parsing field userId: This field cannot be updated');
      expect(create('emails', { sendAt: '' }).sendAt).toBeNull();
      expect(create('emails', { readBy: { [OTHER_ID]: '2026-01-01T00:00:00.000Z' } }).readBy).toEqual({ [OTHER_ID]: new Date('2026-01-01T00:00:00.000Z') });
      expect(createError('emails', { journeyContext: { formResponseId: 'nope' } })).toBe('Error parsing field journeyContext: Invalid id');
    });

    it('removes messages with their enduser', () => {
      for (const name of ['emails', 'sms_messages', 'phone_calls']) {
        expect(def(name).fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      }
    });
  });

  describe('phone_calls', () => {
    it('keeps recordings and transcriptions server-side, and marks calls unread', () => {
      for (const key of ['recordingURI', 'recordingId', 'transcriptionId', 'recordingDurationInSeconds']) {
        expect(createError('phone_calls', { [key]: 'x' })).toBe(`Error parsing field ${key}: This field cannot be updated`);
      }
      expect(update('phone_calls', { unread: true }).unread).toBe(true);
    });
  });

  describe('chat rooms and chats', () => {
    it('checks the room type and starts as an internal room with no messages', () => {
      expect(createError('chat_rooms', { type: 'private' })).toBe('Error parsing field type: Value must match one of internal, external, Group Chat');
      expect(parseCreate(def('chat_rooms'), {})).toMatchObject({ type: 'internal', numMessages: 0, recentMessage: '', userIds: [], enduserIds: [] });
      expect(create('chat_rooms', { type: 'Group Chat' }).type).toBe('Group Chat');
    });

    it('keeps the latest activity and the message counter server-side', () => {
      for (const key of ['numMessages', 'recentMessageSentAt', 'recentMessage', 'recentSender']) {
        expect(def('chat_rooms').fields[key]).toMatchObject({ readonly: true });
      }
      expect(createError('chat_rooms', { numMessages: 3 })).toBe('Error parsing field numMessages: This field cannot be updated');
      expect(updateError('chat_rooms', { numMessages: 3 })).toBe('Error parsing field numMessages: This field cannot be updated');
      expect(updateError('chat_rooms', { recentMessage: 'hi' })).toBe('Error parsing field recentMessage: This field cannot be updated');
    });

    it("lets a staff member write their own unread entry only, and shows an enduser only theirs", () => {
      expect(update('chat_rooms', { infoForUser: { [STAFF.id]: { unreadCount: 0 } } }, STAFF).infoForUser).toEqual({ [STAFF.id]: { unreadCount: 0 } });
      expect(updateError('chat_rooms', { infoForUser: { [OTHER_ID]: { unreadCount: 0 } } }, STAFF)).toBe('infoForUser: only your own entry may be changed');
      expect(updateError('chat_rooms', { infoForUser: { [STAFF.id]: { unreadCount: -1 } } }, STAFF)).toMatch(/^Error parsing field infoForUser/);
      const room = { id: ID, infoForUser: { [ENDUSER.id]: { unreadCount: 1 }, [STAFF.id]: { unreadCount: 4 } } };
      expect(def('chat_rooms').readerView!(room, ENDUSER).infoForUser).toEqual({ [ENDUSER.id]: { unreadCount: 1 } });
      expect(def('chat_rooms').readerView!(room, STAFF).infoForUser).toEqual(room.infoForUser);
    });

    it('makes an enduser who opens a room one of its members', () => {
      expect(create('chat_rooms', {}, ENDUSER).enduserIds).toEqual([ENDUSER.id]);
      expect(create('chat_rooms', { enduserIds: [ENDUSER.id] }, ENDUSER).enduserIds).toEqual([ENDUSER.id]);
      expect(create('chat_rooms', { enduserIds: [OTHER_ID] }, STAFF).enduserIds).toEqual([OTHER_ID]);
    });

    it('counts chats into their room, removes them with it, and never moves them', () => {
      expect(def('chats').countsInto).toEqual([{ via: 'roomId', resource: 'chat_rooms', counter: 'numMessages' }]);
      expect(def('chats').fields.roomId.references).toEqual({ resource: 'chat_rooms', onDelete: 'cascade' });
      expect(updateError('chats', { roomId: OTHER_ID })).toBe('Error parsing field roomId: This field cannot be updated');
    });

    it('sends a chat in the name of its writer', () => {
      expect(create('chats', {}, STAFF).senderId).toBe(STAFF.id);
      expect(create('chats', { senderId: OTHER_ID }, STAFF).senderId).toBe(OTHER_ID);
      expect(create('chats', { senderId: OTHER_ID }, ENDUSER).senderId).toBe(ENDUSER.id);
    });

    it('checks attachments', () => {
      expect(create('chats', { attachments: [{ type: 'image', secureName: 'abc.png' }] }).attachments).toEqual([{ type: 'image', secureName: 'abc.png' }]);
      expect(createError('chats', { attachments: [{ type: 'gif', secureName: 'abc.gif' }] })).toBe(
        'Error parsing field attachments: Value must match one of image, video, file',
      );
      expect(createError('chats', { attachments: [{ type: 'file' }] })).toBe('Error parsing field attachments: missing value for secureName');
    });
  });

  describe('templates', () => {
    it('are for endusers or the team, in rich text or html', () => {
      expect(create('templates').type).toBe('enduser');
      expect(createError('templates', { type: 'robots' })).toBe('Error parsing field type: Value must match one of enduser, team');
      expect(createError('templates', { mode: 'markdown' })).toBe('Error parsing field mode: Value must match one of richtext, html');
    });
  });

  describe('user_notifications', () => {
    it('lists user notifications with their related records', () => {
      expect(create('user_notifications', { relatedRecords: [{ type: 'tickets', id: ID }] })).toMatchObject({ read: false });
      expect(createError('user_notifications', { relatedRecords: [{ type: 'tickets' }] })).toBe('Error parsing field relatedRecords: missing value for id');
    });
  });
});
