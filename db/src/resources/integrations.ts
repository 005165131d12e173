import * as v from '../validation/validators';
import { integrationAuthentication } from '../validation/integrations-validators';
import { defineResource, field } from './define';

/**
 * Connections to outside services (Zoom, Stripe, Square, Outlook, Zoho ...). The OAuth tokens in
 * `authentication` are credentials: they are stored, never returned to clients.
 */
export const integrations = defineResource({
  name: 'integrations',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true, indexed: true }),
    authentication: field.json(integrationAuthentication, { required: true, secret: true }),
    lastSync: field.nonNegative(),
    emailDisabled: field.boolean(),
    calendars: field.json(v.listOf(v.string())),
    environment: field.string({ max: 100 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    title: 'Zoom',
    authentication: {
      type: 'oauth2',
      info: { access_token: 'example-access-token', refresh_token: 'example-refresh-token', expiry_date: 1767261600000, token_type: 'Bearer' },
    },
  },
});
