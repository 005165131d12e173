import { GROUP_A, type ActorInfo } from '@carelane/db';
import { parseCreate, parseUpdate } from './payload';
import { definitionKit, ID, OTHER_ID, message } from './definition-test-kit';

/**
 * Group A definitions without a database: every example is a valid create payload, unknown and
 * missing fields give the reference messages, and the resource-specific rules of seeds 000 §3, §5
 * and §6 hold with their exact messages.
 */

const STAFF: ActorInfo = { type: 'user', id: '222222222222222222222222' };
const ENDUSER: ActorInfo = { type: 'enduser', id: '333333333333333333333333' };
const { def, create, createError, update, updateError } = definitionKit(GROUP_A);

const KNOWN_RESOURCES = new Set([
  'endusers', 'enduser_status_updates', 'api_keys', 'integrations', 'engagement_events', 'journeys', 'tasks', 'emails',
  'sms_messages', 'chat_rooms', 'chats', 'users', 'templates', 'files', 'tickets', 'meetings', 'notes', 'forms',
  'form_fields', 'form_responses', 'webhooks', 'calendar_events', 'calendar_event_templates', 'calendar_event_RSVPs',
  'automation_steps', 'automated_actions', 'automation_triggers', 'user_logs', 'user_notifications',
  'enduser_observations', 'managed_content_records', 'managed_content_record_assignments', 'forums', 'forum_posts',
  'post_comments', 'post_likes', 'comment_likes', 'organizations', 'databases', 'database_records',
  'portal_customizations', 'care_plans', 'enduser_tasks', 'role_based_access_permissions', 'appointment_booking_pages',
  'appointment_locations', 'products', 'purchases', 'purchase_credits', 'phone_calls', 'superbills',
  'superbill_providers', 'background_errors', 'enduser_views', 'availability_blocks', 'analytics_frames',
]);

describe('group A resources', () => {
  it('lists the 26 resources in order, each named once', () => {
    expect(GROUP_A.map((definition) => definition.name)).toEqual([
      'api_keys',
      'integrations',
      'engagement_events',
      'tasks',
      'emails',
      'sms_messages',
      'chat_rooms',
      'chats',
      'templates',
      'files',
      'tickets',
      'meetings',
      'notes',
      'forms',
      'form_fields',
      'form_responses',
      'webhooks',
      'automation_steps',
      'automated_actions',
      'automation_triggers',
      'user_logs',
      'user_notifications',
      'background_errors',
      'enduser_views',
      'role_based_access_permissions',
      'phone_calls',
    ]);
  });

  describe.each(GROUP_A.map((definition) => [definition.name, definition] as const))('%s', (_name, definition) => {
    it('accepts its example, from staff and without an actor', () => {
      expect(() => parseCreate(definition, definition.example)).not.toThrow();
      expect(() => parseCreate(definition, definition.example, STAFF)).not.toThrow();
    });

    it('rejects unknown fields', () => {
      expect(message(() => parseCreate(definition, { ...definition.example, notAField: 1 }))).toBe('Got unexpected field(s) [notAField]');
      expect(message(() => parseUpdate(definition, {}, { notAField: 1 }))).toBe('Got unexpected field(s) [notAField]');
    });

    const requiredFields = Object.entries(definition.fields)
      .filter(([, field]) => field.required && !field.default)
      .map(([key]) => key);

    if (requiredFields.length) {
      it.each(requiredFields)('requires %s', (key) => {
        const { [key]: _removed, ...rest } = definition.example;
        expect(message(() => parseCreate(definition, rest))).toBe(`Value not provided for required field: ${key}`);
        const cleared = message(() => parseUpdate(definition, definition.example, { [key]: null }));
        expect(cleared).toBe(
          definition.fields[key].updatable === false ? `Error parsing field ${key}: This field cannot be updated` : `Value not provided for required field: ${key}`,
        );
      });
    }

    it('refuses server-kept fields from clients, on create and on update', () => {
      for (const [key, field] of Object.entries(definition.fields)) {
        if (!field.readonly) continue;
        expect(message(() => parseCreate(definition, { ...definition.example, [key]: 'x' }))).toBe(`Error parsing field ${key}: This field cannot be updated`);
        expect(message(() => parseUpdate(definition, {}, { [key]: 'x' }))).toBe(`Error parsing field ${key}: This field cannot be updated`);
      }
    });

    it('references only resources among the 57 of the API, and counters follow fixed parents', () => {
      for (const field of Object.values(definition.fields)) {
        if (field.references) expect(KNOWN_RESOURCES).toContain(field.references.resource);
      }
      for (const rule of definition.countsInto ?? []) {
        expect(def(rule.resource).fields[rule.counter]).toMatchObject({ readonly: true });
        expect(definition.fields[rule.via]).toMatchObject({ updatable: false });
      }
    });

    it('has default access for staff, and none for the public', () => {
      expect(definition.access?.user?.length).toBeGreaterThan(0);
      expect(definition.access?.public).toBeUndefined();
    });
  });

  describe('access by actor (seeds 000 §6)', () => {
    it('gives endusers exactly the access §6 lists', () => {
      const enduserAccess = Object.fromEntries(
        GROUP_A.filter((definition) => definition.access?.enduser).map((definition) => [definition.name, definition.access!.enduser]),
      );
      expect(enduserAccess).toEqual({
        chat_rooms: ['create', 'read'],
        chats: ['create', 'read'],
        files: ['create', 'read', 'update', 'delete'],
        tickets: ['create', 'read'],
        meetings: ['read'],
        forms: ['read'],
        form_fields: ['read'],
        form_responses: ['read', 'update'],
      });
    });

    it('lets staff create, read and delete API keys, and only read the audit log', () => {
      expect(def('api_keys').access).toEqual({ user: ['create', 'read', 'delete'] });
      expect(def('user_logs').access).toEqual({ user: ['read'] });
    });
  });

  describe('secrets', () => {
    it('never returns key hashes, webhook secrets or integration tokens', () => {
      expect(def('api_keys').fields.hashedKey).toMatchObject({ secret: true, readonly: true });
      expect(def('webhooks').fields.secret).toMatchObject({ secret: true });
      expect(def('integrations').fields.authentication).toMatchObject({ secret: true });
    });

    it('creates an API key from an empty payload and refuses a client-chosen hash', () => {
      expect(parseCreate(def('api_keys'), {})).toEqual({});
      expect(createError('api_keys', { hashedKey: 'abc' })).toBe('Error parsing field hashedKey: This field cannot be updated');
    });
  });

  describe('webhooks', () => {
    it('needs a secret longer than 15 characters', () => {
      expect(createError('webhooks', { secret: '123456789012345' })).toBe('Error parsing field secret: Webhook secret must be longer than 15 characters');
      expect(create('webhooks', { secret: '1234567890123456' }).secret).toBe('1234567890123456');
      expect(updateError('webhooks', { secret: 'short' })).toBe('Error parsing field secret: Webhook secret must be longer than 15 characters');
    });

    it('needs a valid URL', () => {
      expect(createError('webhooks', { url: 'not a url' })).toBe('Error parsing field url: Invalid URL');
    });

    it('subscribes per resource to create, update and delete, rejecting anything else', () => {
      const record = create('webhooks', { subscriptions: { endusers: { create: true }, chats: { update: false, delete: true } } });
      expect(record.subscriptions).toEqual({ endusers: { create: true }, chats: { update: false, delete: true } });
      expect(createError('webhooks', { subscriptions: { notAModel: { create: false } } })).toBe(
        'Error parsing field subscriptions: Got unexpected field(s) [notAModel]',
      );
      expect(createError('webhooks', { subscriptions: { api_keys: { create: true } } })).toBe(
        'Error parsing field subscriptions: Got unexpected field(s) [api_keys]',
      );
      expect(createError('webhooks', { subscriptions: { endusers: { archive: true } } })).toBe(
        'Error parsing field subscriptions: Got unexpected field(s) [archive]',
      );
      expect(createError('webhooks', { subscriptions: { endusers: { create: 'maybe' } } })).toBe('Error parsing field subscriptions: Invalid boolean');
    });

    it('merges subscription updates into the stored map', () => {
      const existing = create('webhooks');
      expect(parseUpdate(def('webhooks'), existing, { subscriptions: { tickets: { create: true } } }).subscriptions).toEqual({
        endusers: { create: true, update: true, delete: true },
        tickets: { create: true },
      });
    });
  });

  describe('role_based_access_permissions', () => {
    it("never configures the Admin role, on create or on update", () => {
      expect(createError('role_based_access_permissions', { role: 'Admin' })).toBe("role must not be 'Admin'");
      expect(updateError('role_based_access_permissions', { role: 'Admin' })).toBe("role must not be 'Admin'");
      expect(create('role_based_access_permissions', { role: 'admin' }).role).toBe('admin');
    });

    it('keeps roles unique within a business', () => {
      expect(def('role_based_access_permissions').unique).toEqual([['role']]);
    });

    it('takes All, Assigned, Default or null per operation, and showInSidebar', () => {
      const record = create('role_based_access_permissions', {
        permissions: {
          endusers: { create: 'All', read: 'Assigned', update: 'Default', delete: null, showInSidebar: true },
          tickets: { create: null, read: null, update: null, delete: null },
        },
      });
      expect(record.permissions).toEqual({
        endusers: { create: 'All', read: 'Assigned', update: 'Default', delete: null, showInSidebar: true },
        tickets: { create: null, read: null, update: null, delete: null },
      });
      expect(createError('role_based_access_permissions', { permissions: { endusers: { create: 'Some', read: null, update: null, delete: null } } })).toBe(
        'Error parsing field permissions: Value must match one of All, Assigned, Default',
      );
      expect(createError('role_based_access_permissions', { permissions: { endusers: { create: 'All', read: 'All', update: 'All' } } })).toBe(
        'Error parsing field permissions: missing value for delete',
      );
      expect(createError('role_based_access_permissions', { permissions: { notAResource: { create: null, read: null, update: null, delete: null } } })).toBe(
        'Error parsing field permissions: Got unexpected field(s) [notAResource]',
      );
      expect(
        createError('role_based_access_permissions', { permissions: { endusers: { create: null, read: null, update: null, delete: null, creatorOnly: 1 } } }),
      ).toBe('Error parsing field permissions: Got unexpected field(s) [creatorOnly]');
    });
  });

  describe('messaging', () => {
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
      for (const name of ['emails', 'sms_messages', 'phone_calls', 'notes', 'engagement_events']) {
        expect(def(name).fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      }
    });
  });

  describe('chat rooms and chats', () => {
    it('checks the room type and starts as an internal room with no messages', () => {
      expect(createError('chat_rooms', { type: 'private' })).toBe('Error parsing field type: Value must match one of internal, external, Group Chat');
      expect(parseCreate(def('chat_rooms'), {})).toMatchObject({ type: 'internal', numMessages: 0, recentMessage: '', userIds: [], enduserIds: [] });
      expect(create('chat_rooms', { type: 'Group Chat' }).type).toBe('Group Chat');
    });

    it('keeps the latest activity, the message counter and unread counts server-side', () => {
      for (const key of ['numMessages', 'recentMessageSentAt', 'recentMessage', 'recentSender', 'infoForUser']) {
        expect(def('chat_rooms').fields[key]).toMatchObject({ readonly: true });
      }
      expect(createError('chat_rooms', { numMessages: 3 })).toBe('Error parsing field numMessages: This field cannot be updated');
      expect(updateError('chat_rooms', { numMessages: 3 })).toBe('Error parsing field numMessages: This field cannot be updated');
      expect(updateError('chat_rooms', { recentMessage: 'hi' })).toBe('Error parsing field recentMessage: This field cannot be updated');
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

  describe('files', () => {
    it('checks size and mime type', () => {
      expect(createError('files', { size: 25_000_001 })).toBe('Error parsing field size: Not a valid number for [0-25000000]');
      expect(createError('files', { type: 'pdf' })).toBe('Error parsing field type: Invalid mime type');
    });

    it("keeps the storage name and public visibility server-side, and files an enduser's upload under them", () => {
      expect(createError('files', { secureName: 'x' })).toBe('Error parsing field secureName: This field cannot be updated');
      expect(createError('files', { publicRead: true })).toBe('Error parsing field publicRead: This field cannot be updated');
      expect(create('files', { enduserId: OTHER_ID }, ENDUSER).enduserId).toBe(ENDUSER.id);
      expect(create('files', { enduserId: OTHER_ID }, STAFF).enduserId).toBe(OTHER_ID);
    });
  });

  describe('tickets', () => {
    it('makes an enduser open tickets about themselves only', () => {
      expect(createError('tickets', { enduserId: OTHER_ID }, ENDUSER)).toBe('enduserId does not match creator id for enduser session');
      expect(createError('tickets', { enduserId: undefined }, ENDUSER)).toBe('enduserId does not match creator id for enduser session');
      expect(create('tickets', { enduserId: ENDUSER.id }, ENDUSER).enduserId).toBe(ENDUSER.id);
      expect(create('tickets', { enduserId: OTHER_ID }, STAFF).enduserId).toBe(OTHER_ID);
    });

    it('closes with closedAt and closedBy and clears closedAt with an empty string', () => {
      const closed = create('tickets', { closedAt: '2026-01-01T00:00:00.000Z', closedBy: OTHER_ID, closedForReason: 'Resolved', dueDateInMS: 1767261600000 });
      expect(closed).toMatchObject({ closedAt: new Date('2026-01-01T00:00:00.000Z'), closedBy: OTHER_ID, dueDateInMS: 1767261600000 });
      expect(update('tickets', { closedAt: '' }).closedAt).toBeNull();
      expect(createError('tickets', { dueDateInMS: -1 })).toBe('Error parsing field dueDateInMS: Not a valid number for [0-10000000000000]');
      expect(createError('tickets', { owner: 'someone' })).toBe('Error parsing field owner: Invalid id');
    });
  });

  describe('meetings', () => {
    it('starts scheduled, and status and attendees change only through the meeting calls', () => {
      expect(create('meetings')).toMatchObject({ status: 'scheduled', attendees: [] });
      expect(createError('meetings', { status: 'live' })).toBe('Error parsing field status: This field cannot be updated');
      expect(updateError('meetings', { status: 'ended' })).toBe('Error parsing field status: This field cannot be updated');
      expect(updateError('meetings', { attendees: [] })).toBe('Error parsing field attendees: This field cannot be updated');
      expect(def('meetings').access?.user).not.toContain('create');
    });
  });

  describe('forms', () => {
    it('count their fields server-side', () => {
      expect(create('forms').numFields).toBe(0);
      expect(createError('forms', { numFields: 2 })).toBe('Error parsing field numFields: This field cannot be updated');
      expect(updateError('forms', { numFields: 2 })).toBe('Error parsing field numFields: This field cannot be updated');
      expect(def('form_fields').countsInto).toEqual([{ via: 'formId', resource: 'forms', counter: 'numFields' }]);
      expect(def('form_fields').fields.formId.references).toEqual({ resource: 'forms', onDelete: 'cascade' });
    });

    it('check form settings', () => {
      expect(createError('forms', { type: 'survey' })).toBe('Error parsing field type: Value must match one of note, enduserFacing');
      expect(createError('forms', { intakePhone: 'maybe' })).toBe('Error parsing field intakePhone: Value must match one of optional, required');
      expect(create('forms', { scoring: [{ title: 'PHQ', fieldId: ID, response: 'Yes', score: 2 }] }).scoring).toEqual([
        { title: 'PHQ', fieldId: ID, response: 'Yes', score: 2 },
      ]);
    });

    it('check field types, options and flow', () => {
      expect(createError('form_fields', { type: 'slider' })).toBe(
        'Error parsing field type: Value must match one of email, file, multiple_choice, number, phone, signature, string, stringLong, ranking, rating, date, dateString, Question Group, Table Input, description, Address',
      );
      expect(parseCreate(def('form_fields'), { formId: ID }).title).toBe('');
      expect(
        create('form_fields', {
          type: 'Table Input',
          options: { tableChoices: [{ label: 'Medication', type: 'Text' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily', 'Weekly'] } }] },
        }).options,
      ).toEqual({ tableChoices: [{ label: 'Medication', type: 'Text' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily', 'Weekly'] } }] });
      expect(createError('form_fields', { options: { tableChoices: [{ label: 'When', type: 'Time' }] } })).toBe(
        'Error parsing field options: Value must match one of Text, Date, Select',
      );
      expect(createError('form_fields', { options: { colour: 'red' } })).toBe('Error parsing field options: Got unexpected field(s) [colour]');
      expect(create('form_fields', { type: 'rating', options: { from: 1, to: 10 } }).options).toEqual({ from: 1, to: 10 });
      expect(create('form_fields', { type: 'Question Group', options: { subFields: [{ id: ID }] } }).options).toEqual({ subFields: [{ id: ID }] });
      expect(createError('form_fields', { previousFields: [{ type: 'after', info: {} }] })).toBe('Error parsing field previousFields: missing value for fieldId');
      expect(createError('form_fields', { previousFields: [{ type: 'sometimes', info: {} }] })).toBe(
        'Error parsing field previousFields: Value must match one of root, after, previousEquals, compoundLogic',
      );
      expect(create('form_fields', { flowchartUI: { x: 10, y: 20 } }).flowchartUI).toEqual({ x: 10, y: 20 });
      expect(updateError('form_fields', { formId: OTHER_ID })).toBe('Error parsing field formId: This field cannot be updated');
    });
  });

  describe('form_responses', () => {
    const respond = (answer: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      create('form_responses', { responses: [{ fieldId: ID, fieldTitle: 'Question', answer, ...extra }] });
    const respondError = (answer: Record<string, unknown>, extra: Record<string, unknown> = {}) => message(() => respond(answer, extra));

    it('goes with its form and its enduser; the access code is issued by the server', () => {
      expect(def('form_responses').fields.formId.references).toEqual({ resource: 'forms', onDelete: 'cascade' });
      expect(def('form_responses').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      expect(createError('form_responses', { accessCode: 'abc' })).toBe('Error parsing field accessCode: This field cannot be updated');
      expect(createError('form_responses', { sharedVia: 'Fax' })).toBe('Error parsing field sharedVia: Value must match one of Email, SMS, Chat');
    });

    it('checks each answer by its field type', () => {
      expect(respond({ type: 'string', value: 'x'.repeat(1000) })).toBeDefined();
      expect(respondError({ type: 'string', value: 'x'.repeat(1001) })).toBe('Error parsing field responses: Response must not exceed 1000 characters');
      expect(respondError({ type: 'stringLong', value: 'x'.repeat(10_001) })).toBe('Error parsing field responses: Response must not exceed 10000 characters');
      expect(respondError({ type: 'number', value: 'twelve' })).toBe('Error parsing field responses: Response must be a number');
      expect((respond({ type: 'number', value: '12' }).responses as { answer: unknown }[])[0].answer).toEqual({ type: 'number', value: 12 });
      expect(respondError({ type: 'dateString', value: '2026-01-31' })).toBe('Error parsing field responses: Enter a date in MM-DD-YYYY format');
      expect(respond({ type: 'dateString', value: '01-31-2026' })).toBeDefined();
      expect((respond({ type: 'multiple_choice', value: 'Great' }).responses as { answer: unknown }[])[0].answer).toEqual({ type: 'multiple_choice', value: ['Great'] });
      expect(respond({ type: 'ranking', value: ['b', 'a'] })).toBeDefined();
      expect(respond({ type: 'Address', value: { addressLineOne: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' } })).toBeDefined();
      expect(respond({ type: 'signature', value: { signed: true, fullName: 'Pat Patient' } })).toBeDefined();
      expect(respond({ type: 'file', value: { name: 'id.png', secureName: 'abc123' } })).toBeDefined();
      expect(respondError({ type: 'file', value: { name: 'id.png' } })).toBe('Error parsing field responses: missing value for secureName');
      expect(respond({ type: 'Table Input', value: [[{ label: 'Medication', entry: 'Ibuprofen' }]] })).toBeDefined();
      expect(respond({ type: 'date', value: '2026-01-31T10:00:00.000Z' })).toBeDefined();
      expect(respond({ type: 'email', value: '' })).toBeDefined();
      expect(respondError({ type: 'email', value: 'nope' })).toBe('Error parsing field responses: Invalid email: nope');
      expect(respondError({ type: 'voice', value: 'hello' })).toBe(
        'Error parsing field responses: Value must match one of email, file, multiple_choice, number, phone, signature, string, stringLong, ranking, rating, date, dateString, Question Group, Table Input, description, Address',
      );
      expect(respondError({ type: 'string', value: 'a', extra: 1 })).toBe('Error parsing field responses: Got unexpected field(s) [extra]');
    });

    it('carries field title, optional descriptions and touched', () => {
      expect(respond({ type: 'string', value: 'a' }, { fieldDescription: 'd', fieldHtmlDescription: '<p>d</p>', touched: true })).toBeDefined();
      expect(message(() => create('form_responses', { responses: [{ fieldId: ID, answer: { type: 'string', value: 'a' } }] }))).toBe(
        'Error parsing field responses: missing value for fieldTitle',
      );
      expect(message(() => create('form_responses', { responses: [{ fieldId: ID, fieldTitle: 'Q' }] }))).toBe(
        'Error parsing field responses: missing value for answer',
      );
    });
  });

  describe('automation', () => {
    it('checks step actions by type', () => {
      expect(createError('automation_steps', { action: { type: 'sendFax', info: {} } })).toBe(
        'Error parsing field action: Value must match one of sendEmail, sendSMS, sendChat, sendForm, notifyTeam, setEnduserStatus, createTicket, sendWebhook, shareContent, addEnduserTags, removeEnduserTags, setEnduserFields, addToJourney, removeFromJourney, removeFromAllJourneys, createCarePlan, completeCarePlan, completeTickets, cancelFutureAppointments',
      );
      expect(createError('automation_steps', { action: { type: 'addToJourney', info: {} } })).toBe('Error parsing field action: missing value for journeyId');
      expect(createError('automation_steps', { action: { type: 'sendEmail', info: { senderId: ID } } })).toBe('Error parsing field action: missing value for templateId');
      expect(createError('automation_steps', { action: { type: 'sendEmail' } })).toBe('Error parsing field action: missing value for info');
      expect(
        create('automation_steps', { action: { type: 'sendEmail', info: { senderId: ID, templateId: ID }, continueOnError: true } }).action,
      ).toEqual({ type: 'sendEmail', info: { senderId: ID, templateId: ID }, continueOnError: true });
      expect(create('automation_steps', { action: { type: 'removeFromAllJourneys' } }).action).toEqual({ type: 'removeFromAllJourneys' });
      expect(
        create('automation_steps', {
          action: { type: 'createTicket', info: { title: 'Call', defaultAssignee: ID, assignmentStrategy: { type: 'care-team-random', info: {} } } },
        }),
      ).toBeDefined();
    });

    it('checks step events by type', () => {
      expect(createError('automation_steps', { events: [{ type: 'onFullMoon', info: {} }] })).toBe(
        'Error parsing field events: Value must match one of onJourneyStart, afterAction, formResponse, formUnsubmitted, ticketCompleted, waitForTrigger',
      );
      expect(
        create('automation_steps', {
          events: [{ type: 'afterAction', info: { automationStepId: ID, delayInMS: 60_000, delay: 1, unit: 'Minutes' } }],
        }),
      ).toBeDefined();
      expect(createError('automation_steps', { events: [{ type: 'afterAction', info: { automationStepId: ID, delayInMS: 1, delay: 1, unit: 'Weeks' } }] })).toBe(
        'Error parsing field events: Value must match one of Days, Hours, Minutes, Seconds',
      );
      expect(createError('automation_steps', { events: [{ type: 'waitForTrigger', info: { automationStepId: ID } }] })).toBe(
        'Error parsing field events: missing value for triggerId',
      );
      expect(create('automation_steps', { conditions: [{ type: 'atJourneyState', info: { state: 'New', journeyId: ID } }], continueOnError: true })).toBeDefined();
    });

    it('removes steps with their journey and runs with their step, enduser and journey', () => {
      expect(def('automation_steps').fields.journeyId.references).toEqual({ resource: 'journeys', onDelete: 'cascade' });
      expect(def('automated_actions').fields.automationStepId.references).toEqual({ resource: 'automation_steps', onDelete: 'cascade' });
      expect(def('automated_actions').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      expect(def('automated_actions').fields.journeyId.references).toEqual({ resource: 'journeys', onDelete: 'cascade' });
    });

    it('checks automated action statuses and cancel conditions', () => {
      expect(createError('automated_actions', { status: 'paused' })).toBe('Error parsing field status: Value must match one of active, finished, cancelled, error');
      expect(create('automated_actions', { status: 'active', cancelConditions: [{ type: 'formResponse', info: { automationStepId: ID } }] })).toBeDefined();
    });

    it('keeps trigger titles unique and checks status, event and action', () => {
      expect(def('automation_triggers').unique).toEqual([['title']]);
      expect(createError('automation_triggers', { status: 'On' })).toBe('Error parsing field status: Value must match one of Active, Inactive');
      expect(createError('automation_triggers', { event: { type: 'Form Submitted', info: {} } })).toBe('Error parsing field event: missing value for formId');
      expect(createError('automation_triggers', { event: { type: 'Moon Phase', info: {} } })).toMatch(/^Error parsing field event: Value must match one of Form Submitted, /);
      expect(create('automation_triggers', { event: { type: 'Appointment Completed', info: { templateIds: [ID] } } })).toBeDefined();
      expect(createError('automation_triggers', { action: { type: 'Add To Journey', info: {} } })).toBe('Error parsing field action: missing value for journeyId');
      expect(createError('automation_triggers', { action: { type: 'Launch Rocket', info: {} } })).toMatch(/^Error parsing field action: Value must match one of Add To Journey, /);
      expect(create('automation_triggers', { action: { type: 'Add Tags', info: { tags: ['vip'] } }, status: 'Active' })).toBeDefined();
    });
  });

  describe('logs, errors, views and phone calls', () => {
    it('records create, update and delete in the audit log', () => {
      expect(createError('user_logs', { action: 'read' })).toBe('Error parsing field action: Value must match one of create, update, delete');
    });

    it('acknowledges background errors, and clears the stamp with an empty string', () => {
      expect(create('background_errors', { acknowledgedAt: '2026-01-01T00:00:00.000Z' }).acknowledgedAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
      expect(update('background_errors', { acknowledgedAt: '' }).acknowledgedAt).toBeNull();
    });

    it('keeps enduser view titles unique', () => {
      expect(def('enduser_views').unique).toEqual([['title']]);
    });

    it('keeps recordings and transcriptions server-side, and marks calls unread', () => {
      for (const key of ['recordingURI', 'recordingId', 'transcriptionId', 'recordingDurationInSeconds']) {
        expect(createError('phone_calls', { [key]: 'x' })).toBe(`Error parsing field ${key}: This field cannot be updated`);
      }
      expect(update('phone_calls', { unread: true }).unread).toBe(true);
    });

    it('stamps engagement events and lists user notifications with their related records', () => {
      expect(create('engagement_events').timestamp).toBeInstanceOf(Date);
      expect(create('user_notifications', { relatedRecords: [{ type: 'tickets', id: ID }] })).toMatchObject({ read: false });
      expect(createError('user_notifications', { relatedRecords: [{ type: 'tickets' }] })).toBe('Error parsing field relatedRecords: missing value for id');
    });
  });

  describe('integrations and tasks', () => {
    it('checks integration authentication', () => {
      expect(createError('integrations', { authentication: { type: 'password', info: {} } })).toBe(
        'Error parsing field authentication: Value must match one of oauth2, apiKey',
      );
      expect(createError('integrations', { authentication: { type: 'oauth2', info: { token_type: 'MAC' } } })).toBe(
        'Error parsing field authentication: Value must match one of Bearer',
      );
    });

    it('starts tasks incomplete', () => {
      expect(create('tasks')).toMatchObject({ completed: false, dueDate: new Date('2026-02-01T15:00:00.000Z') });
      expect(update('tasks', { completed: true }).completed).toBe(true);
    });
  });
});
