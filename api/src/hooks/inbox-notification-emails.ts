import { organizations, user_notifications, users } from '@carelane/db';
import type { DomainEvent, ResourceEngine } from '@carelane/engine';
import type { MessagingChannels } from '@carelane/activities/channels/delivery';
import { ENDUSER_MESSAGE_NOTIFICATION, NOTIFICATION_RECORD_TYPE } from '../actions/messaging/conversations';
import type { ChangeConsumer } from '../events';
import { linkMessage } from '../messaging/mailer';
import { emailsNotification } from './notification-batching';

/** The whole email: no patient name, no message, nothing about their health (issue 32). */
export const NEW_MESSAGE_SUBJECT = 'You have a new message from a patient';
const HISTORY_MS = 24 * 60 * 60 * 1000;

type Row = Record<string, unknown>;
const time = (value: unknown) => new Date(value as string).getTime();

/** A staff member's notificationPreferences say no email for this type (the reference client's { [type]: { email } }). */
const emailsOff = (user: Row) => {
  const preferences = (user.notificationPreferences as Record<string, { email?: unknown }> | undefined) ?? {};
  return user.notificationEmailsDisabled === true || preferences[ENDUSER_MESSAGE_NOTIFICATION]?.email === false;
};

/** The organization's own portal address when it has one (as password reset links: api/src/auth/password-reset.ts), else PORTAL_URL. */
const portalBase = async (system: ReturnType<ResourceEngine['system']>, businessId: string, fallback: string) => {
  const [organization] = await system.rows(organizations, { filter: { _id: businessId }, limit: 1 });
  const custom = typeof organization?.customPortalURL === 'string' ? organization.customPortalURL.replace(/\/+$/, '') : '';
  if (custom) return /^https?:\/\//.test(custom) ? custom : `https://${custom}`;
  return fallback.replace(/\/+$/, '');
};

/**
 * The change feed's consumer that emails a staff member about a new patient message, after the
 * notification record committed (inbox-notifications.ts writes it with the message): following their
 * notificationPreferences, at most one email per conversation per 10 minutes (notification-batching.ts),
 * through the email channel with the notification's id as the idempotency key, so a replayed change
 * sends nothing twice. The link opens the conversation in the staff inbox.
 */
export const inboxNotificationEmails = (deps: () => { engine: ResourceEngine; channels: MessagingChannels; portalUrl: string }): ChangeConsumer => ({
  name: 'inbox-notification-emails',
  handle: async (event: DomainEvent) => {
    if (event.kind !== 'created' || event.resource !== 'user_notifications' || event.record.type !== ENDUSER_MESSAGE_NOTIFICATION) return;
    const { engine, channels, portalUrl } = deps();
    const notification = event.record;
    const system = engine.system(event.businessId);
    const [user] = await system.rows(users, { filter: { _id: String(notification.userId) }, limit: 1 });
    if (!user || typeof user.email !== 'string' || !user.email || emailsOff(user)) return;
    const conversation = ((notification.relatedRecords as { type: string; id: string }[] | undefined) ?? []).find((entry) => entry.type === NOTIFICATION_RECORD_TYPE);
    if (!conversation) return;
    const at = time(notification.createdAt);
    const earlier = await system.rows(user_notifications, {
      filter: { userId: String(notification.userId), type: ENDUSER_MESSAGE_NOTIFICATION, relatedRecords: [conversation], createdAt: { _gte: new Date(at - HISTORY_MS), _lte: new Date(at) } },
      limit: 1000,
    });
    const before = earlier.filter((row) => String(row._id) !== String(notification._id)).map((row) => time(row.createdAt));
    if (!emailsNotification(before, at)) return;
    // A long email thread is named by a digest in the record: its link opens the inbox itself.
    const query = conversation.id.startsWith('email#') ? '' : `?${new URLSearchParams({ c: conversation.id })}`;
    const link = `${await portalBase(system, event.businessId, portalUrl)}/staff/inbox${query}`;
    const body = linkMessage({ intro: 'You have a new message from a patient.', linkText: 'Open the inbox', link });
    await channels.email.send({ to: user.email, subject: NEW_MESSAGE_SUBJECT, ...body, idempotencyKey: `inbox-notification-${String(notification._id)}`, businessId: event.businessId });
  },
});
