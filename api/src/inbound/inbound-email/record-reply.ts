import { emails } from '@carelane/db';
import { emailIdOfReplyAddress, REPLY_KEY_PURPOSE, type ReplyAddressing } from '@carelane/activities/channels/reply-address';
import type { Services } from '../../actions/action';
import { deriveSecret } from '../../auth/derive-secret';
import type { ParsedEmail } from './mime';
import { stripQuotedHistory } from './strip-quoted';

export const REPLY_ADDRESS_INVALID = 'Unknown or invalid reply address';

/** emails.textContent's limit (db's EMAIL_MAX_LENGTH is far above any reply kept without its history). */
const TEXT_LIMIT = 100_000;

/** The same addressing outgoing patient emails are signed with (api/src/hooks/index.ts). */
export const replyAddressing = (services: Services): ReplyAddressing => ({
  domain: services.config.inbound.emailDomain,
  key: deriveSecret(services.config.jwtSecret, REPLY_KEY_PURPOSE),
});

/** The email a recipient address answers, when one of them is a reply address that verifies. */
export const repliedEmailId = (services: Services, recipients: string[]) => {
  const addressing = replyAddressing(services);
  for (const recipient of recipients) {
    const id = emailIdOfReplyAddress(addressing, recipient.replace(/^.*<([^>]+)>.*$/, '$1'));
    if (id) return id;
  }
  return undefined;
};

export class ReplyRejected extends Error {}

/**
 * A patient's reply, however it arrived (the SMTP listener, Mailgun's route): an inbound `emails`
 * record of the original's patient, threaded on it (threadId, replyTo: its Message-ID), without the
 * quoted history, through the engine (so the inbox, the timeline and 'Incoming Message' triggers
 * hear it). Stored once per Message-ID. Answers the record's id, or throws ReplyRejected for an
 * address that does not verify or an original that no longer exists.
 */
export const recordEmailReply = async (services: Services, recipients: string[], email: ParsedEmail) => {
  const originalId = repliedEmailId(services, recipients);
  if (!originalId) throw new ReplyRejected(REPLY_ADDRESS_INVALID);
  // raw SQL: the signed address names only the email; this finds its business, and everything after is scoped to it.
  const [found] = (await services.dataSource.query(`SELECT "businessId", "organizationIds" FROM emails WHERE _id = $1`, [originalId])) as {
    businessId: string;
    organizationIds: string[] | null;
  }[];
  if (!found) throw new ReplyRejected(REPLY_ADDRESS_INVALID);
  const { caller } = services.engine.system(found.businessId, found.organizationIds ?? []);
  const messageId = email.messageId ?? `<reply.${originalId}.${Date.now()}@${services.config.inbound.emailDomain}>`;
  return services.engine.transaction(async (tx) => {
    // raw SQL: an advisory lock (the engine takes no locks on rows that do not exist yet), so a redelivered reply is stored once.
    await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inbound-email:${found.businessId}:${messageId}`]);
    const original = await tx.row(emails, caller, { _id: originalId });
    if (!original?.enduserId) throw new ReplyRejected(REPLY_ADDRESS_INVALID);
    const earlier = await tx.row(emails, caller, { messageId, inbound: true });
    if (earlier) return String(earlier._id);
    const threadId = (original.threadId as string | null) ?? (original.messageId as string | null) ?? String(original._id);
    const text = stripQuotedHistory(email.text) || email.text.trim() || '(empty reply)';
    const created = await tx.createOne(
      emails,
      caller,
      {
        enduserId: String(original.enduserId),
        inbound: true,
        subject: email.subject.slice(0, 1000),
        textContent: text.slice(0, TEXT_LIMIT),
        ...(original.userId ? { userId: String(original.userId) } : {}),
        ...(typeof original.messageId === 'string' ? { replyTo: original.messageId } : {}),
      },
      { threadId, messageId, source: 'Inbound email' },
      { organizationIds: (original.organizationIds as string[] | null) ?? [] },
    );
    return String(created.id);
  });
};
