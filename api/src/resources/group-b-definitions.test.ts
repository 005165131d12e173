import { GROUP_B } from '@carelane/db';
import { parseCreate, parseUpdate } from './payload';
import { definitionKit, ID, OTHER_ID, message } from './definition-test-kit';

/**
 * Group B definitions without a database: every example is a valid create payload, unknown and
 * missing fields give the reference messages, and the resource-specific rules of seeds 000 §5 hold.
 */

const { def, create, createError, without } = definitionKit(GROUP_B);

describe('group B resources', () => {
  it('lists the 25 resources in order, each named once', () => {
    expect(GROUP_B.map((definition) => definition.name)).toEqual([
      'calendar_events',
      'calendar_event_templates',
      'calendar_event_RSVPs',
      'enduser_observations',
      'managed_content_records',
      'managed_content_record_assignments',
      'forums',
      'forum_posts',
      'post_comments',
      'post_likes',
      'comment_likes',
      'databases',
      'database_records',
      'portal_customizations',
      'care_plans',
      'enduser_tasks',
      'appointment_booking_pages',
      'appointment_locations',
      'products',
      'purchases',
      'purchase_credits',
      'superbills',
      'superbill_providers',
      'availability_blocks',
      'analytics_frames',
    ]);
  });

  describe.each(GROUP_B.map((definition) => [definition.name, definition] as const))('%s', (_name, definition) => {
    it('accepts its example', () => {
      expect(() => parseCreate(definition, definition.example)).not.toThrow();
    });

    it('rejects unknown fields', () => {
      expect(message(() => parseCreate(definition, { ...definition.example, notAField: 1 }))).toBe('Got unexpected field(s) [notAField]');
    });

    const requiredFields = Object.entries(definition.fields)
      .filter(([, field]) => field.required && !field.default)
      .map(([key]) => key);

    if (requiredFields.length) {
      it.each(requiredFields)('requires %s', (key) => {
        const { [key]: _removed, ...rest } = definition.example;
        expect(message(() => parseCreate(definition, rest))).toBe(`Value not provided for required field: ${key}`);
      });
    }

    it('references only resources among the 57 of the API', () => {
      const known = new Set([
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
      for (const field of Object.values(definition.fields)) {
        if (field.references) expect(known).toContain(field.references.resource);
      }
      for (const rule of definition.countsInto ?? []) {
        expect(def(rule.resource).fields[rule.counter]).toMatchObject({ readonly: true });
        expect(definition.fields[rule.via]).toMatchObject({ updatable: false });
      }
    });
  });

  describe('calendar_events', () => {
    it('starts with no RSVPs, attendees or reminders and keeps numRSVPs and meetingStatus server-side', () => {
      const { attendees: _a, reminders: _r, ...rest } = def('calendar_events').example;
      const record = parseCreate(def('calendar_events'), rest);
      expect(record).toMatchObject({ numRSVPs: 0, attendees: [], reminders: [] });
      expect(createError('calendar_events', { numRSVPs: 3 })).toBe('Error parsing field numRSVPs: This field cannot be updated');
      expect(createError('calendar_events', { meetingStatus: 'live' })).toBe('Error parsing field meetingStatus: This field cannot be updated');
      expect(message(() => parseUpdate(def('calendar_events'), {}, { numRSVPs: 1 }))).toBe('Error parsing field numRSVPs: This field cannot be updated');
    });

    it('checks reminders by type', () => {
      expect(createError('calendar_events', { reminders: [{ type: 'fax', msBeforeStartTime: 1 }] })).toBe(
        'Error parsing field reminders: Value must match one of webhook, add-to-journey, enduser-notification, user-notification, create-ticket',
      );
      expect(createError('calendar_events', { reminders: [{ type: 'webhook', msBeforeStartTime: -1 }] })).toBe(
        'Error parsing field reminders: Not a valid number for [0-10000000000000]',
      );
      expect(createError('calendar_events', { reminders: [{ type: 'add-to-journey', msBeforeStartTime: 1, info: {} }] })).toBe(
        'Error parsing field reminders: missing value for journeyId',
      );
      const record = create('calendar_events', {
        reminders: [
          { type: 'webhook', msBeforeStartTime: 0, didRemind: true, info: { any: 'thing' } },
          { type: 'add-to-journey', msBeforeStartTime: 60_000, info: { journeyId: ID } },
          { type: 'create-ticket', msBeforeStartTime: 60_000 },
        ],
      });
      expect((record.reminders as unknown[]).length).toBe(3);
    });

    it('checks attendees and accepts an empty string to clear lifecycle stamps', () => {
      expect(createError('calendar_events', { attendees: [{ type: 'robot', id: ID }] })).toBe(
        'Error parsing field attendees: Value must match one of user, enduser',
      );
      expect(createError('calendar_events', { attendees: [{ type: 'user' }] })).toBe('Error parsing field attendees: missing value for id');
      expect(create('calendar_events', { cancelledAt: '' }).cancelledAt).toBeNull();
      expect(create('calendar_events', { cancelledAt: '2026-01-01T00:00:00.000Z' }).cancelledAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
      expect(createError('calendar_events', { noShowedAt: 'soon' })).toBe('Error parsing field noShowedAt: Invalid date');
    });

    it('indexes startTimeInMS for time-range filters', () => {
      expect(def('calendar_events').fields.startTimeInMS.indexed).toBe(true);
    });
  });

  describe('community', () => {
    it('keeps post counters server-side', () => {
      expect(create('forum_posts', {})).toMatchObject({ numComments: 0, numLikes: 0 });
      expect(createError('forum_posts', { numLikes: 5 })).toBe('Error parsing field numLikes: This field cannot be updated');
      expect(createError('forum_posts', { postedBy: { type: 'user', id: ID } })).toBe('Error parsing field postedBy: This field cannot be updated');
      expect(message(() => parseUpdate(def('forum_posts'), {}, { numComments: 0 }))).toBe('Error parsing field numComments: This field cannot be updated');
    });

    it('keeps comment counters server-side and counts comments into posts and replies into comments', () => {
      expect(create('post_comments', { replyTo: OTHER_ID })).toMatchObject({ numLikes: 0, numReplies: 0, replyTo: OTHER_ID });
      expect(message(() => parseUpdate(def('post_comments'), {}, { numLikes: 2 }))).toBe('Error parsing field numLikes: This field cannot be updated');
      expect(message(() => parseUpdate(def('post_comments'), {}, { numReplies: 2 }))).toBe('Error parsing field numReplies: This field cannot be updated');
      expect(def('post_comments').countsInto).toEqual(
        expect.arrayContaining([
          { via: 'postId', resource: 'forum_posts', counter: 'numComments' },
          { via: 'replyTo', resource: 'post_comments', counter: 'numReplies' },
        ]),
      );
      expect(def('post_comments').fields.replyTo.references).toEqual({ resource: 'post_comments', onDelete: 'none' });
      expect(createError('post_comments', { textContent: undefined })).toBe('Value not provided for required field: textContent');
    });

    it('removes likes with their forum, post and comment, and counts them', () => {
      expect(def('post_likes').fields.forumId.references).toEqual({ resource: 'forums', onDelete: 'cascade' });
      expect(def('post_likes').fields.postId.references).toEqual({ resource: 'forum_posts', onDelete: 'cascade' });
      expect(def('post_likes').countsInto).toEqual([{ via: 'postId', resource: 'forum_posts', counter: 'numLikes' }]);
      expect(def('comment_likes').fields.commentId.references).toEqual({ resource: 'post_comments', onDelete: 'cascade' });
      expect(def('comment_likes').countsInto).toEqual([{ via: 'commentId', resource: 'post_comments', counter: 'numLikes' }]);
      expect(def('comment_likes').unique).toEqual([['commentId', 'creator']]);
      expect(message(() => parseUpdate(def('comment_likes'), {}, { commentId: OTHER_ID }))).toBe(
        'Error parsing field commentId: This field cannot be updated',
      );
    });

    it('counts RSVPs into their event and removes them with it', () => {
      expect(def('calendar_event_RSVPs').fields.eventId.references).toEqual({ resource: 'calendar_events', onDelete: 'cascade' });
      expect(def('calendar_event_RSVPs').countsInto).toEqual([{ via: 'eventId', resource: 'calendar_events', counter: 'numRSVPs' }]);
      expect(createError('calendar_event_RSVPs', { creatorType: 'user' })).toBe('Error parsing field creatorType: This field cannot be updated');
    });
  });

  describe('portal_customizations', () => {
    it("refuses to disable the Home page, on create and on update", () => {
      expect(createError('portal_customizations', { page: 'Home', disabled: true })).toBe('Home page cannot be disabled');
      expect(create('portal_customizations', { page: 'Communications', disabled: true }).disabled).toBe(true);
      const home = create('portal_customizations', { page: 'Home', disabled: false });
      expect(message(() => parseUpdate(def('portal_customizations'), home, { disabled: 'true' }))).toBe('Home page cannot be disabled');
    });

    it('checks block types', () => {
      expect(createError('portal_customizations', { blocks: [{ type: 'video', info: {} }] })).toBe(
        'Error parsing field blocks: Value must match one of careTeam, education, carePlan, text',
      );
      expect(create('portal_customizations', { blocks: [{ type: 'carePlan', info: {} }, { type: 'education' }] }).blocks).toHaveLength(2);
      expect(createError('portal_customizations', { blocks: [{ type: 'text', info: {} }] })).toBe('Error parsing field blocks: missing value for text');
    });

    it('is unique per page', () => {
      expect(def('portal_customizations').unique).toEqual([['page']]);
    });
  });

  describe('analytics_frames', () => {
    it('needs a title unless it has a parent frame', () => {
      expect(message(() => parseCreate(def('analytics_frames'), without('analytics_frames', 'title')))).toBe('Title is required');
      expect(() => parseCreate(def('analytics_frames'), { ...without('analytics_frames', 'title'), parentFrame: ID })).not.toThrow();
      const frame = create('analytics_frames', {});
      expect(message(() => parseUpdate(def('analytics_frames'), frame, { title: null }))).toBe('Title is required');
    });

    it('checks the query shape', () => {
      const query = def('analytics_frames').example.query as Record<string, unknown>;
      expect(createError('analytics_frames', { query: { ...query, resource: 'Widgets' } })).toBe(
        'Error parsing field query: Value must match one of Endusers, Calendar Events, Form Responses, Purchases, Purchase Credits, Tickets',
      );
      expect(createError('analytics_frames', { query: { ...query, info: { method: 'Average' } } })).toBe(
        'Error parsing field query: Value must match one of Total, Sum of Field',
      );
      expect(createError('analytics_frames', { query: { ...query, info: { method: 'Total', parameters: { interval: 'Yearly' } } } })).toBe(
        'Error parsing field query: Value must match one of Daily, Weekly, Monthly',
      );
      expect(() =>
        create('analytics_frames', {
          query: {
            resource: 'Purchases',
            info: { method: 'Total', parameters: { interval: 'Weekly', grouping: { Gender: true } } },
            grouping: { 'Assigned To': true, Field: 'Insurance' },
            range: { interval: 'Monthly', key: 'Created At' },
          },
          createdRange: { from: '2026-01-01T00:00:00.000Z', to: '' },
        }),
      ).not.toThrow();
      expect(createError('analytics_frames', { query: { ...query, unknown: true } })).toBe('Error parsing field query: Got unexpected field(s) [unknown]');
    });
  });

  describe('enums and shapes', () => {
    it('checks observation category, status and measurement', () => {
      expect(createError('enduser_observations', { category: 'labs' })).toBe('Error parsing field category: Value must match one of vital-signs');
      expect(createError('enduser_observations', { status: 'done' })).toBe(
        'Error parsing field status: Value must match one of entered-in-error, amended, cancelled, corrected, final, preliminary, registered, unknown',
      );
      expect(createError('enduser_observations', { measurement: { unit: 'kg' } })).toBe('Error parsing field measurement: missing value for value');
      expect(def('enduser_observations').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    });

    it('checks managed content type, assignment type and blocks', () => {
      expect(createError('managed_content_records', { type: 'Podcast' })).toBe('Error parsing field type: Value must match one of Article, PDF, Video');
      expect(createError('managed_content_records', { assignmentType: 'Some' })).toBe(
        'Error parsing field assignmentType: Value must match one of All, By Tags, Manual, Individual',
      );
      expect(createError('managed_content_records', { blocks: [{ type: 'audio', info: {} }] })).toBe(
        'Error parsing field blocks: Value must match one of h1, h2, html, image, pdf, youtube, iframe',
      );
      expect(def('managed_content_record_assignments').fields.contentId.references).toEqual({
        resource: 'managed_content_records',
        onDelete: 'cascade',
      });
    });

    it('checks product cost and processor', () => {
      expect(createError('products', { processor: 'PayPal' })).toBe('Error parsing field processor: Value must match one of Stripe, Square');
      expect(createError('products', { cost: { amount: -1, currency: 'USD' } })).toBe('Error parsing field cost: Not a valid number for [0-10000000000000]');
      expect(createError('products', { cost: { amount: 1, currency: 'EUR' } })).toBe('Error parsing field cost: Value must match one of USD');
      expect(def('products').unique).toEqual([['title']]);
    });

    it('checks purchase credit values', () => {
      expect(createError('purchase_credits', { value: { type: 'Voucher', info: {} } })).toBe('Error parsing field value: Value must match one of Credit');
      expect(createError('purchase_credits', { value: { type: 'Credit', info: { amount: 1 } } })).toBe(
        'Error parsing field value: missing value for currency',
      );
      expect(create('purchase_credits', { usedAt: '' }).usedAt).toBeNull();
    });

    it('checks database fields and record values', () => {
      expect(createError('databases', { fields: [{ type: 'Blob', label: 'x' }] })).toContain('Error parsing field fields: Value must match one of Text, ');
      expect(create('databases', {}).numRecords).toBe(0);
      expect(createError('databases', { numRecords: 1 })).toBe('Error parsing field numRecords: This field cannot be updated');
      expect(createError('database_records', { values: [{ type: 'Number', label: 'Count', value: 'many' }] })).toBe(
        'Error parsing field values: Not a valid number',
      );
      expect(createError('database_records', { values: [{ type: 'Email', label: 'Email', value: 'nope' }] })).toBe(
        'Error parsing field values: Invalid email: nope',
      );
      expect(def('database_records').fields.databaseId.references).toEqual({ resource: 'databases', onDelete: 'cascade' });
    });

    it('checks availability block days and minutes', () => {
      expect(createError('availability_blocks', { dayOfWeekStartingSundayIndexedByZero: 7 })).toBe(
        'Error parsing field dayOfWeekStartingSundayIndexedByZero: Not a valid number for [0-6]',
      );
      expect(createError('availability_blocks', { entity: 'team' })).toBe('Error parsing field entity: Value must match one of organization, user');
      expect(createError('availability_blocks', { active: 'yes' })).toBe('Error parsing field active: Invalid boolean');
    });

    it('checks superbill shapes', () => {
      const provider = def('superbill_providers').example;
      expect(createError('superbill_providers', { address: { ...(provider.address as object), state: 'ZZ' } })).toContain(
        'Error parsing field address: Value must match one of AK, AL',
      );
      expect(createError('superbill_providers', { email: 'not-an-email' })).toBe('Error parsing field email: Invalid email: not-an-email');
      expect(createError('superbills', { lineItems: [{ quantity: 1 }] })).toBe('Error parsing field lineItems: missing value for billingCode');
      expect(def('superbill_providers').unique).toEqual([['providerName']]);
    });
  });

  describe('uniqueness and ownership', () => {
    it('declares the spec uniqueness rules', () => {
      expect(def('databases').unique).toEqual([['title']]);
      expect(def('care_plans').unique).toEqual([['enduserId', 'title']]);
      expect(def('appointment_booking_pages').unique).toEqual([['title']]);
      expect(def('appointment_locations').unique).toEqual([['title']]);
    });

    it('removes enduser-owned records with their enduser', () => {
      for (const name of ['care_plans', 'enduser_tasks', 'purchases', 'purchase_credits', 'superbills', 'managed_content_record_assignments']) {
        expect(def(name).fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      }
    });

    it('gives endusers only the access of seeds 000 §6', () => {
      const enduserAccess = Object.fromEntries(GROUP_B.map((definition) => [definition.name, definition.access?.enduser ?? []]));
      for (const name of ['products', 'purchases', 'purchase_credits', 'databases', 'database_records', 'superbills', 'superbill_providers', 'analytics_frames', 'availability_blocks']) {
        expect(enduserAccess[name]).toEqual([]);
      }
      expect(enduserAccess.calendar_events).toEqual(['read', 'update']);
      expect(enduserAccess.enduser_tasks).toEqual(['read', 'update']);
      expect(enduserAccess.post_comments).toEqual(['create', 'read', 'delete']);
      expect(enduserAccess.comment_likes).toEqual(['create', 'read', 'delete']);
      expect(enduserAccess.portal_customizations).toEqual(['read']);
    });
  });
});
