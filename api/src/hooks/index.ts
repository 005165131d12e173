import type { DataSource } from 'typeorm';
import { createMessagingChannels } from '@carelane/activities/channels/config';
import type { MessagingChannels } from '@carelane/activities/channels/delivery';
import { loadSmsConfig } from '@carelane/activities/channels/sms';
import { REPLY_KEY_PURPOSE } from '@carelane/activities/channels/reply-address';
import { deriveSecret } from '../auth/derive-secret';
import type { ApiConfig } from '../config';
import { MessageScheduler } from '../automation/message-scheduler';
import type { ResourceEngine } from '@carelane/engine';
import { registerChatHooks } from './chats';
import { registerHtmlSanitizing } from './html-fields';
import { registerInboxNotificationHooks } from './inbox-notifications';
import { registerOutOfOfficeReplies } from './out-of-office-replies';
import { registerMessageHooks } from './messages';
import { registerTemplateHooks } from './templates';
import { registerPurchaseCreditHooks } from './purchase-credits';
import { registerSecondFactorHooks } from './second-factor';
import { registerTextingNumberHooks } from './texting-numbers';

/** The api's messaging: the channels (database or SMTP email, database or Twilio SMS) and the scheduler. */
export interface Messaging {
  channels: MessagingChannels;
  scheduler: MessageScheduler;
  close(): Promise<void>;
}

/**
 * Builds the channels from the api's configuration (SMS from TWILIO_* in the environment) and
 * registers the messaging hooks on the engine: emails and SMS send as they are created, chats keep
 * their room's preview and unread counts, HTML is sanitised wherever it is stored.
 */
export const registerMessaging = (engine: ResourceEngine, config: ApiConfig, dataSource: DataSource, env: NodeJS.ProcessEnv = process.env): Messaging => {
  // Patient emails carry a signed Reply-To, so replies come back to their thread (api/src/inbound/inbound-email).
  const replies = { domain: config.inbound.emailDomain, key: deriveSecret(config.jwtSecret, REPLY_KEY_PURPOSE) };
  const channels = createMessagingChannels({ email: { ...config.mail, replies }, sms: loadSmsConfig(env), portalUrl: config.portalUrl }, dataSource);
  const scheduler = new MessageScheduler(config.temporal);
  registerMessageHooks(engine.hooks, channels, scheduler);
  registerChatHooks(engine.hooks, scheduler);
  registerInboxNotificationHooks(engine.hooks);
  registerOutOfOfficeReplies(engine.hooks);
  registerTemplateHooks(engine.hooks);
  registerHtmlSanitizing(engine.hooks);
  registerPurchaseCreditHooks(engine.hooks);
  registerSecondFactorHooks(engine.hooks);
  registerTextingNumberHooks(engine.hooks);
  return {
    channels,
    scheduler,
    close: async () => {
      await scheduler.close();
      await channels.email.close();
      await channels.sms.close();
    },
  };
};

// Named calls reach the channels through their services (api/src/actions/messaging).
