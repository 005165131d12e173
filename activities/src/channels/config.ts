import type { DataSource } from 'typeorm';
import { readOptionalUrl, readString, readUrl } from '@carelane/db';
import { createEmailChannel, type EmailChannelConfig } from './database-email';
import { replyKeyFrom } from './reply-address';
import { createSmsChannel, loadSmsConfig, type SmsChannelConfig } from './sms';
import type { MessagingChannels } from './delivery';

/** What the messaging channels need, read from the environment (the worker; the api passes its own config). */
export interface MessagingConfig {
  email: EmailChannelConfig;
  sms: SmsChannelConfig;
  portalUrl: string;
}

export const loadMessagingConfig = (env: NodeJS.ProcessEnv = process.env): MessagingConfig => ({
  email: {
    smtpUrl: readOptionalUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
    from: readString(env, 'MAIL_FROM', 'Carelane <no-reply@carelane.invalid>'),
    // Replies to patient emails come back signed (api/src/inbound): the worker signs with the api's JWT_SECRET.
    ...(env.JWT_SECRET ? { replies: { domain: (env.INBOUND_EMAIL_DOMAIN || 'reply.localhost').toLowerCase(), key: replyKeyFrom(env.JWT_SECRET) } } : {}),
  },
  sms: loadSmsConfig(env),
  portalUrl: readUrl(env, 'PORTAL_URL', ['http', 'https'], 'http://localhost:3030'),
});

export const createMessagingChannels = (config: MessagingConfig, dataSource: DataSource): MessagingChannels => ({
  email: createEmailChannel(config.email, dataSource),
  sms: createSmsChannel(config.sms, dataSource),
  portalUrl: config.portalUrl,
});
