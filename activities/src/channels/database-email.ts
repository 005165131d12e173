import { replyAddress, type ReplyAddressing } from './reply-address';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';
import { OUTGOING_MESSAGES, type OutgoingMessageRow } from '@carelane/db/internal/outgoing-messages';
import { SmtpEmailChannel, type EmailChannel, type OutgoingEmail } from './email';

const UNIQUE_VIOLATION = '23505';

/** A Message-ID in the RFC 5322 form, on the sender's domain. */
export const newMessageId = (from: string) => {
  const domain = (from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'carelane.invalid').toLowerCase();
  return `<${randomBytes(12).toString('hex')}@${domain}>`;
};

/**
 * The embedded default: every outgoing email is kept in the `outgoing_messages` table, where the
 * development mailbox (GET /dev/mailbox on the api) shows it, links and all. Nothing leaves the
 * machine. A second send with the same idempotency key answers the first one's Message-ID.
 */
export class DatabaseEmailChannel implements EmailChannel {
  readonly kind = 'database';

  constructor(private readonly dataSource: DataSource, private readonly from: string) {}

  async send(email: OutgoingEmail) {
    // raw SQL: outgoing_messages is the embedded channel's internal mailbox table, not a resource
    const repository = this.dataSource.getRepository<OutgoingMessageRow>(OUTGOING_MESSAGES);
    if (email.idempotencyKey) {
      const earlier = await repository.findOne({ where: { channel: 'email', idempotencyKey: email.idempotencyKey } });
      if (earlier) return { messageId: earlier.externalId };
    }
    const messageId = newMessageId(this.from);
    try {
      await repository.insert({
        _id: newId(),
        channel: 'email',
        idempotencyKey: email.idempotencyKey ?? null,
        businessId: email.businessId ?? null,
        from: this.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        headers: { ...email.headers, ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}) },
        externalId: messageId,
        createdAt: new Date(),
      });
    } catch (error) {
      // Two sends of one key raced: the other one's row stands.
      if ((error as { driverError?: { code?: string } }).driverError?.code !== UNIQUE_VIOLATION || !email.idempotencyKey) throw error;
      const earlier = await repository.findOneOrFail({ where: { channel: 'email', idempotencyKey: email.idempotencyKey } });
      return { messageId: earlier.externalId };
    }
    return { messageId };
  }

  async close() {}
}

export interface EmailChannelConfig {
  /** smtp:// or smtps:// URL; when absent the database channel keeps mail for the dev mailbox. */
  smtpUrl?: string;
  from: string;
  /** Patient emails' signed Reply-To (INBOUND_EMAIL_DOMAIN, a key derived from JWT_SECRET). */
  replies?: ReplyAddressing;
}

/** SMTP when configured, otherwise the embedded database channel. */
export const createEmailChannel = (config: EmailChannelConfig, dataSource: DataSource): EmailChannel => {
  const channel: EmailChannel = config.smtpUrl ? new SmtpEmailChannel(config.smtpUrl, config.from) : new DatabaseEmailChannel(dataSource, config.from);
  const { replies } = config;
  if (replies) channel.replyAddressFor = (emailId) => replyAddress(replies, emailId);
  return channel;
};
