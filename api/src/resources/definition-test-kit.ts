import { resourceByName, type ActorInfo, type ResourceDefinition } from '@carelane/db';
import { parseCreate, parseUpdate } from '@carelane/engine';

/** Ids that look real to the validators, for definition tests that run without a database. */
export const ID = '000000000000000000000000';
export const OTHER_ID = '111111111111111111111111';

export const STAFF: ActorInfo = { type: 'user', id: '222222222222222222222222' };
export const ENDUSER: ActorInfo = { type: 'enduser', id: '333333333333333333333333' };

/**
 * The resources each <domain>-definitions.test.ts covers. The five core resources (organizations,
 * users, endusers, journeys, enduser_status_updates) are tested elsewhere; all-definitions.test.ts
 * checks that every other resource is in exactly one domain.
 */
export const DOMAINS = {
  identity: ['api_keys', 'role_based_access_permissions', 'user_logs'],
  messaging: ['emails', 'sms_messages', 'phone_calls', 'chat_rooms', 'chats', 'templates', 'user_notifications'],
  forms: ['forms', 'form_fields', 'form_responses'],
  automation: ['automation_steps', 'automated_actions', 'automation_triggers'],
  integrations: ['integrations', 'webhooks'],
  calendar: [
    'calendar_events',
    'calendar_event_templates',
    'calendar_event_RSVPs',
    'meetings',
    'appointment_booking_pages',
    'appointment_locations',
    'availability_blocks',
    'waitlist_requests',
  ],
  community: ['forums', 'forum_posts', 'post_comments', 'post_likes', 'comment_likes'],
  content: ['managed_content_records', 'managed_content_record_assignments', 'portal_customizations', 'files'],
  care: ['tasks', 'tickets', 'notes', 'care_plans', 'enduser_tasks', 'enduser_observations'],
  commerce: ['products', 'purchases', 'purchase_credits', 'superbills', 'superbill_providers'],
  organization: ['databases', 'database_records', 'analytics_frames', 'enduser_views', 'engagement_events', 'background_errors'],
} as const;

export type Domain = keyof typeof DOMAINS;

/** The message of the error `run` throws (a test helper that fails when nothing is thrown). */
export const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected an error');
};

/**
 * Helpers over one domain's definitions: create and update payloads built from each resource's
 * example, parsed exactly as the engine parses them.
 */
export const definitionKit = (domain: Domain) => {
  const definitions = DOMAINS[domain].map((name): ResourceDefinition => {
    const definition = resourceByName.get(name);
    if (!definition) throw new Error(`No resource ${name} in RESOURCES`);
    return definition;
  });
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const def = (name: string): ResourceDefinition => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No resource ${name} in the ${domain} domain`);
    return definition;
  };
  const create = (name: string, changes: Record<string, unknown> = {}, actor?: ActorInfo) => parseCreate(def(name), { ...def(name).example, ...changes }, actor);
  const update = (name: string, updates: Record<string, unknown>, actor?: ActorInfo) => parseUpdate(def(name), create(name), updates, {}, actor);
  return {
    definitions,
    def,
    create,
    createError: (name: string, changes: Record<string, unknown>, actor?: ActorInfo) => message(() => create(name, changes, actor)),
    update,
    updateError: (name: string, updates: Record<string, unknown>, actor?: ActorInfo) => message(() => update(name, updates, actor)),
    without: (name: string, key: string) => {
      const { [key]: _removed, ...rest } = def(name).example;
      return rest;
    },
    /** Each resource of the domain with the operations endusers get by default ([] for none). */
    enduserAccess: () => Object.fromEntries(definitions.map((definition) => [definition.name, definition.access?.enduser ?? []])),
  };
};

/**
 * What every definition must do, checked without a database: its example is a valid create payload,
 * unknown and missing fields give the reference messages, server-kept fields are refused, references
 * name resources of the API, counters follow fixed parents, and staff have default access.
 */
export const describeEachDefinition = (definitions: ResourceDefinition[]) =>
  describe.each(definitions.map((definition) => [definition.name, definition] as const))('%s', (_name, definition) => {
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
        if (field.references) expect([...resourceByName.keys()]).toContain(field.references.resource);
      }
      for (const rule of definition.countsInto ?? []) {
        expect(resourceByName.get(rule.resource)?.fields[rule.counter]).toMatchObject({ readonly: true });
        expect(definition.fields[rule.via]).toMatchObject({ updatable: false });
      }
    });

    it('has default access for staff, and none for the public', () => {
      expect(definition.access?.user?.length).toBeGreaterThan(0);
      expect(definition.access?.public).toBeUndefined();
    });
  });
