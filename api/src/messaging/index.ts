import type { EmailChannel } from '@carelane/activities/channels/email';
import { ChannelMailer } from './channel-mailer';
import type { Mailer } from './mailer';

export type { Mailer, MailMessage } from './mailer';
export { BaseMailer, linkMessage } from './mailer';
export { ChannelMailer } from './channel-mailer';

/** Account mail goes out through the one email channel the messaging layer configured. */
export const createMailer = (channel: EmailChannel): Mailer => new ChannelMailer(channel);
