import { organizations, users } from '@carelane/db';
import { patientTexts } from '@carelane/activities/patient-messages';
import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { autoreplyIfAway } from './out-of-office';
import { COMMUNICATION_CHANNELS, v } from './input';
import { Optional, Required, S } from '../input';

/** The English wording (tests and docs quote it); each patient reads it in their language (patient-messages). */
export const AUTOREPLY_MESSAGE = patientTexts('en').t('autoreply.message');
export const AUTOREPLY_SUBJECT = patientTexts('en').t('autoreply.subject');

class OutOfOfficeAutoreplyInput {
  @Required(v.oneOf(COMMUNICATION_CHANNELS), S.oneOf(COMMUNICATION_CHANNELS))
  channel!: (typeof COMMUNICATION_CHANNELS)[number];

  @Required(v.id, S.id)
  enduserId!: string;

  @Optional(v.id, S.id)
  threadId?: string;

  @Optional(v.id, S.id)
  userId?: string;
}

/**
 * POST /handle-out-of-office-autoreply { channel, enduserId, threadId?, userId? } → { sent } (Admin
 * only). Sends the out-of-office reply when autoreply is on (the user's autoReplyEnabled when
 * userId is given, else the organization's settings.endusers.autoReplyEnabled) and no availability
 * block covers now (out-of-office.ts, which a patient's own message runs too: hooks/out-of-office-replies.ts).
 */
export const handleOutOfOfficeAutoreply = defineAction({
  method: 'post',
  path: '/handle-out-of-office-autoreply',
  auth: 'user',
  input: OutOfOfficeAutoreplyInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, input) => {
    const { channel, enduserId, threadId, userId } = input;
    if (channel === 'Chat' && !threadId) throw new ApiError(400, 'threadId (the chat room id) is required for the Chat channel', { field: 'threadId' });
    const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
    // What the caller may read: their own organization, and a staff member within their reach (a 403 or 404 as for any read).
    await services.engine.getOne(organizations, caller, organizationId);
    if (userId) await services.engine.getOne(users, caller, userId);
    const sent = await services.engine.transaction((tx) => autoreplyIfAway(tx, caller, organizationId, { channel, enduserId, threadId, userId }, caller.id));
    return { sent };
  },
});
