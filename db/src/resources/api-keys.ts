import { defineResource, field } from './define';

/**
 * API keys for server-to-server callers. Generating one returns the id and the key once; only a hash
 * of the key is stored (hashedKey never leaves the server). Creating them is an admin matter, checked
 * by the identity layer.
 */
export const api_keys = defineResource({
  name: 'api_keys',
  fields: {
    hashedKey: field.server('text', { secret: true }),
  },
  access: { user: ['create', 'read', 'delete'] },
  example: {},
});
