import { parseUpdate } from '@carelane/engine';
import { definitionKit, describeEachDefinition } from './definition-test-kit';

/**
 * Integration and webhook definitions without a database: secrets stay on the server, and webhook
 * secrets, URLs and subscriptions follow docs/contract/validation.md#other-rules with their exact
 * messages.
 */

const { definitions, def, create, createError, updateError, enduserAccess } = definitionKit('integrations');

describe('integrations resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers no access (seeds 000 §6)', () => {
    expect(enduserAccess()).toEqual({ integrations: [], webhooks: [] });
  });

  describe('secrets', () => {
    it('never returns webhook secrets or integration tokens', () => {
      expect(def('webhooks').fields.secret).toMatchObject({ secret: true });
      expect(def('integrations').fields.authentication).toMatchObject({ secret: true });
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

  describe('integrations', () => {
    it('checks integration authentication', () => {
      expect(createError('integrations', { authentication: { type: 'password', info: {} } })).toBe(
        'Error parsing field authentication: Value must match one of oauth2, apiKey',
      );
      expect(createError('integrations', { authentication: { type: 'oauth2', info: { token_type: 'MAC' } } })).toBe(
        'Error parsing field authentication: Value must match one of Bearer',
      );
    });
  });
});
