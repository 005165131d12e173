import { emails, endusers, fail, integrations, validators } from '@carelane/db';
import { defineAction, type Services } from '../action';
import { addressOf, gmailReader, MailboxTokenRefused, type MailboxMessage } from './gmail-reader';
import { findIntegration, refreshIntegration, type ConnectedIntegration } from './oauth2-tokens';
import { Optional, Required, S } from '../input';

/** The emails resource's limit on textContent and HTMLContent (db's messaging validators). */
const EMAIL_MAX_LENGTH = 100_000;

/** Refresh a little before the expiry, so the token does not lapse between the check and Gmail's. */
const EXPIRY_MARGIN_MS = 60_000;

const normalizedInput = (input: SyncEmailInput) => ({ enduserEmail: input.enduserEmail.toLowerCase(), allUsers: input.allUsers === true });

/** Reads the messages with a valid access token: refreshed first when it is about to expire, and once more if Gmail refuses it. */
const readMailbox = async (services: Services, businessId: string, integration: ConnectedIntegration, q: string) => {
  const provider = services.config.integrations.oauth2.Google;
  let accessToken = integration.accessToken;
  if (!accessToken || (integration.expiryDate !== undefined && integration.expiryDate < Date.now() + EXPIRY_MARGIN_MS)) {
    accessToken = (await refreshIntegration(services, businessId, provider, integration)).accessToken;
  }
  const readAll = async (token: string) => {
    const reader = gmailReader(services.config.integrations.gmail.apiBaseUrl, token);
    const messages: MailboxMessage[] = [];
    for (const id of await reader.search(q)) messages.push(await reader.read(id));
    return messages;
  };
  try {
    return await readAll(accessToken);
  } catch (error) {
    if (!(error instanceof MailboxTokenRefused)) throw error;
    return readAll((await refreshIntegration(services, businessId, provider, integration)).accessToken);
  }
};

const textOf = (message: MailboxMessage) =>
  (message.text?.trim() ? message.text : message.snippet?.trim() ? message.snippet : message.html?.replace(/<[^>]*>/g, ' ').trim() || '(no text)').slice(0, EMAIL_MAX_LENGTH);

class SyncEmailInput {
  @Required(validators.email, S.email, { emptyIsAbsent: true })
  enduserEmail!: string;

  @Optional((value) => (typeof value === 'boolean' ? value : fail('Expecting boolean')), S.boolean)
  allUsers?: boolean;
}

/**
 * POST /sync-email-integrations (enduserEmail, allUsers): reads the organization's connected Gmail
 * mailbox (the Google integration's token) for mail from the enduser with that address, records each
 * message not recorded before as an inbound email of that enduser (source 'Gmail', messageId and
 * threadId Gmail's), and answers the emails it recorded. "Since the last sync" is per enduser: the
 * Gmail search starts at that enduser's newest recorded Gmail message, and Gmail ids already
 * recorded are skipped, so a sync twice records once. Without allUsers only a mailbox the caller
 * connected is read. No connected mailbox, or no enduser with that address: nothing new.
 */
export const syncEmailIntegrations = defineAction({
  method: 'post',
  path: '/sync-email-integrations',
  auth: 'user',
  input: SyncEmailInput,
  handler: async ({ services, caller }, input) => {
    const { enduserEmail, allUsers } = normalizedInput(input);
    const none = { newEmails: [] as unknown[] };
    // The mailbox serving the caller's organization: its own connection, else the nearest above it (docs/decisions.md, issue 29).
    const mailbox = await findIntegration(services, caller.businessId, 'Google', { serving: caller.organizationIds });
    if (!mailbox || (!mailbox.accessToken && !mailbox.refreshToken)) return none;
    if (!allUsers && mailbox.connectedBy !== caller.id) return none;
    const system = services.engine.system(caller.businessId);
    const [enduser] = await system.rows(endusers, { filter: { email: enduserEmail }, limit: 1, sort: 'oldFirst' });
    if (!enduser) return none;
    const enduserId = String(enduser._id);

    const [latest] = await system.rows(emails, { filter: { enduserId, source: 'Gmail' }, sortBy: 'timestamp', sort: 'newFirst', limit: 1 });
    const since = latest?.timestamp instanceof Date ? Math.floor(latest.timestamp.getTime() / 1000) - 1 : undefined;
    const messages = await readMailbox(services, caller.businessId, mailbox, `from:${enduserEmail}${since ? ` after:${since}` : ''}`);
    const fromEnduser = messages.filter((message) => addressOf(message.from) === enduserEmail).sort((a, b) => a.receivedAt - b.receivedAt);

    const newEmails = await services.engine.transaction(async (tx) => {
      // Syncs of one mailbox take turns, so two at once record each message once.
      // raw SQL: an advisory lock (the engine takes no locks on rows that do not exist yet).
      await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gmail-sync:${mailbox.id}`]);
      const recorded: unknown[] = [];
      for (const message of fromEnduser) {
        if (await tx.row(emails, system.caller, { enduserId, messageId: message.id })) continue;
        recorded.push(
          await tx.createOne(
            emails,
            system.caller,
            {
              enduserId,
              ...(mailbox.connectedBy ? { userId: mailbox.connectedBy } : {}),
              inbound: true,
              subject: (message.subject || '(no subject)').slice(0, 1000),
              textContent: textOf(message),
              ...(message.html ? { HTMLContent: message.html.slice(0, EMAIL_MAX_LENGTH) } : {}),
              timestamp: new Date(message.receivedAt).toISOString(),
            },
            { messageId: message.id, threadId: message.threadId ?? null, source: 'Gmail' },
          ),
        );
      }
      return recorded;
    });
    await system.updateOne(integrations, mailbox.id, { lastSync: Date.now() });
    return { newEmails };
  },
});
