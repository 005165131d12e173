import type { DataSource } from 'typeorm';
import { newId, resourceByName } from '@carelane/db';
import { BaseMailer, type MailMessage } from './mailer';

const OUTBOX = 'emails';
const KEPT_IN_MEMORY = 100;

/**
 * The embedded default: outgoing mail is kept as rows of the `emails` resource (a database outbox the
 * dev mailbox and the delivery worker read). Mail the emails resource cannot hold (staff mail: it
 * requires an enduserId) is kept in this process, last 100 messages, with a one-line notice, so
 * nothing fails for lack of a mail server.
 */
export class OutboxMailer extends BaseMailer {
  readonly kind = 'outbox' as const;
  /** Messages that could not be filed in the outbox table (newest last). */
  readonly unfiled: (MailMessage & { at: Date })[] = [];

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async send(message: MailMessage) {
    const definition = resourceByName.get(OUTBOX);
    if (!definition || !this.dataSource.hasMetadata(OUTBOX)) return this.keepInMemory(message, 'no outbox table');
    const now = new Date();
    const candidate: Record<string, unknown> = {
      subject: message.subject,
      textContent: message.text,
      HTMLContent: message.html,
      enduserId: message.enduserId,
      userId: message.userId,
      toEmail: message.to,
      logOnly: false,
      delivered: false,
    };
    const row: Record<string, unknown> = {
      _id: newId(),
      businessId: message.businessId,
      organizationIds: [],
      sharedWithOrganizations: [],
      creator: message.userId ?? message.enduserId ?? message.businessId,
      createdAt: now,
      updatedAt: now,
    };
    for (const [key, value] of Object.entries(candidate)) if (value !== undefined && key in definition.fields) row[key] = value;
    // The emails resource holds mail to endusers (enduserId is required there); staff mail stays here.
    const missing = Object.entries(definition.fields).find(([key, field]) => field.required && row[key] === undefined);
    if (missing) return this.keepInMemory(message, `no ${missing[0]}`);
    await this.dataSource.getRepository(OUTBOX).insert(row);
  }

  private keepInMemory(message: MailMessage, reason: string) {
    this.unfiled.push({ ...message, at: new Date() });
    if (this.unfiled.length > KEPT_IN_MEMORY) this.unfiled.shift();
    console.info(`mail kept in memory (${reason}): to ${message.to}: ${message.subject}`);
  }
}
