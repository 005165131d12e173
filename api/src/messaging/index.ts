import type { DataSource } from 'typeorm';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage } from './mailer';
export { linkMessage } from './mailer';
export { OutboxMailer } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';

/** SMTP when configured, otherwise the database outbox. */
export const createMailer = (config: { mail: { smtpUrl?: string; from: string } }, dataSource: DataSource): Mailer =>
  config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new OutboxMailer(dataSource);
