import { validators } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';

/**
 * POST /sync-email-integrations (enduserEmail, allUsers): pulls new mail from connected mailboxes
 * (Gmail, Outlook) and answers the emails it recorded. No mailbox connection exists yet in this
 * deployment (the OAuth2 connections store tokens, but no mailbox reader is built), so the answer is
 * always empty: the call succeeds with nothing new rather than failing the client's sync loop.
 */
export const syncEmailIntegrations = defineAction({
  method: 'post',
  path: '/sync-email-integrations',
  auth: 'user',
  handler: async (_context, input) => {
    if (input.enduserEmail === undefined || input.enduserEmail === null || input.enduserEmail === '') {
      throw badRequest('Value not provided for required field: enduserEmail', { field: 'enduserEmail' });
    }
    try {
      validators.email(input.enduserEmail);
    } catch (error) {
      throw badRequest(`Error parsing field enduserEmail: ${(error as Error).message}`, { field: 'enduserEmail' });
    }
    if (input.allUsers !== undefined && typeof input.allUsers !== 'boolean') {
      throw badRequest('Error parsing field allUsers: Expecting boolean', { field: 'allUsers' });
    }
    return { newEmails: [] };
  },
});
