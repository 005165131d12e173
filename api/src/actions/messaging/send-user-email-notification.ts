import { randomBytes } from 'node:crypto';
import { users } from '@carelane/db';
import { DeliveryError } from '@carelane/activities/channels/delivery';
import { textToHtml } from '@carelane/activities/channels/delivery';
import { ApiError, badRequest } from '../../errors';
import { defineAction } from '../action';
import { v } from './input';
import { Optional, Required, S } from '../input';

export const DEFAULT_NOTIFICATION_SUBJECT = 'You have a new notification';

class UserEmailNotificationInput {
  @Required(v.id, S.id)
  userId!: string;

  @Required(v.text(5000), S.text(5000))
  message!: string;

  @Optional(v.text(250), S.text(250))
  subject?: string;
}

/**
 * POST /send-user-email-notification { userId, message, subject? } → {}: an email to a team member
 * of the caller's business through the configured email channel (SMTP, or the development
 * mailbox), e.g. "a patient sent a message". 'Missing email' when the user has none.
 */
export const sendUserEmailNotification = defineAction({
  method: 'post',
  path: '/send-user-email-notification',
  auth: 'user',
  input: UserEmailNotificationInput,
  handler: async ({ services, caller }, input) => {
    const userId = input.userId;
    const message = input.message;
    const subject = input.subject || DEFAULT_NOTIFICATION_SUBJECT;
    if (!message.trim()) throw badRequest('message must not be blank');
    const user = await services.engine.getOne(users, caller, userId);
    if (typeof user.email !== 'string' || !user.email) throw badRequest('Missing email');
    try {
      await services.messaging.channels.email.send({
        to: user.email,
        subject,
        text: message,
        html: textToHtml(message),
        idempotencyKey: `user-notification-${randomBytes(12).toString('hex')}`,
        businessId: caller.businessId,
      });
    } catch (error) {
      throw new ApiError(502, new DeliveryError('email', error).message);
    }
    return {};
  },
});
