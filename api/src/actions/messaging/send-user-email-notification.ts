import { randomBytes } from 'node:crypto';
import { users } from '@carelane/db';
import { DeliveryError } from '@carelane/activities/channels/delivery';
import { textToHtml } from '@carelane/activities/channels/delivery';
import { ApiError, badRequest } from '../../errors';
import { defineAction } from '../action';
import { optionalField, requiredField, v } from './input';

export const DEFAULT_NOTIFICATION_SUBJECT = 'You have a new notification';

/**
 * POST /send-user-email-notification { userId, message, subject? } → {}: an email to a team member
 * of the caller's business through the configured email channel (SMTP, or the development
 * mailbox), e.g. "a patient sent a message". 'Missing email' when the user has none.
 */
export const sendUserEmailNotification = defineAction({
  method: 'post',
  path: '/send-user-email-notification',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    const userId = requiredField(input, 'userId', v.id);
    const message = requiredField(input, 'message', v.text(5000));
    const subject = optionalField(input, 'subject', v.text(250)) || DEFAULT_NOTIFICATION_SUBJECT;
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
