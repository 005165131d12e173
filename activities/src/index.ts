import type { DataSource } from 'typeorm';
import type { EmailChannel } from './channels/email';
import type { SmsChannel } from './channels/sms';
import type { MessagingChannels } from './channels/delivery';
import type { WebhookSettings } from './automation-webhook';
import { createAutomationActivities } from './automation-activities';
import { createReminderActivities } from './automation-reminders';
import { createTriggerActivities } from './automation-triggers';
import { createJourneyActivities } from './journey-activities';
import { createBeginJourneyActivity } from './begin-journey-activity';
import { createMessagingActivities } from './messaging-activities';
import { createChatActivities } from './chat-activities';
import { createResourceWebhookActivities } from './resource-webhook-activities';
import { createNoopActivities } from './noop-activity';
import { createWaitlistActivities } from './waitlist-activities';

export interface ActivityDeps {
  dataSource: DataSource;
  /** Where automation emails go (tests pass an SMTP channel pointed at their own server). */
  email?: EmailChannel;
  sms?: SmsChannel;
  webhooks?: WebhookSettings;
  /** The enduser portal's base URL (links to forms sent by automations). */
  portalUrl?: string;
  /** The messaging layer's channels (scheduled messages); built from the environment when absent. */
  channels?: MessagingChannels;
}

/** Every activity, given its clients by injection so tests pass real services of their own. */
export const createActivities = ({ channels, ...deps }: ActivityDeps) => {
  const journeys = createJourneyActivities(deps);
  const automation = createAutomationActivities(deps);
  return {
    ...journeys,
    ...createMessagingActivities({ dataSource: deps.dataSource, channels }),
    ...createChatActivities(deps),
    ...automation,
    ...createBeginJourneyActivity({ ...journeys, ...automation }),
    ...createReminderActivities(deps),
    ...createTriggerActivities(deps),
    ...createResourceWebhookActivities(deps),
    ...createNoopActivities(),
    ...createWaitlistActivities(deps),
  };
};

export type Activities = ReturnType<typeof createActivities>;
