import * as v from '../validation/validators';
import { integrationAuthentication } from '../validation/integrations-validators';
import { defineResource, field } from './define';

/**
 * Connections to outside services (Zoom, Stripe, Square, Outlook, Zoho ...). The OAuth tokens in
 * `authentication` are credentials: they are stored, never returned to clients. Each belongs to the
 * organization of the Admin who connected it (a root Admin's is the business's).
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
    /** The Admin who connected it last (a reconnect names its Admin); answered to staff, unlike the tokens. */
    connectedBy: field.server('id'),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  // A connection acts for its organization's whole staff: only Admins write one (docs/decisions.md,
  // "Issue 29: integrations belong to an organization"); its organizationIds are its organization's.
  policy: { adminOnly: ['create', 'update', 'delete'] },
  example: {
    title: 'Zoom',
    authentication: {
      type: 'oauth2',
      info: { access_token: 'example-access-token', refresh_token: 'example-refresh-token', expiry_date: 1767261600000, token_type: 'Bearer' },
    },
  },
});
