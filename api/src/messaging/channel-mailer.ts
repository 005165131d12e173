import type { EmailChannel } from '@carelane/activities/channels/email';
import { BaseMailer, type MailMessage } from './mailer';

/**
 * Account mail (reset links) through the messaging layer's email channel: SMTP when SMTP_URL is set,
 * otherwise the embedded database channel (the internal outgoing_messages table shown on the dev
 * mailbox). That table is not a resource, so a reset link never shows up in staff reads of emails.
 * The channel belongs to the messaging layer, which closes it; this mailer only waits for its sends.
 */
export class ChannelMailer extends BaseMailer {
  constructor(private readonly channel: EmailChannel) {
    super();
  }

  get kind() {
    return this.channel.kind;
  }

  async send(message: MailMessage) {
    await this.channel.send({ to: message.to, subject: message.subject, text: message.text, html: message.html, businessId: message.businessId });
  }
}
