import { availability_blocks, chats, emails, endusers, organizations, sms_messages, users } from '@carelane/db';
import { patientTexts, patientTextsWithin } from '@carelane/activities/patient-messages';
import { MESSAGE_DELIVERIES } from '@carelane/db/internal/outgoing-messages';
import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction } from '../action';
import { isOutOfOffice, type WeeklyBlock } from './office-hours';
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
 * block covers now. At most one autoreply per hour per enduser and channel, claimed atomically in
 * the delivery ledger. The reply is a normal message record, sent by the channel's own rules.
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
    const channel = input.channel;
    const enduserId = input.enduserId;
    const threadId = input.threadId;
    const userId = input.userId;
    const { engine, dataSource } = services;
    if (channel === 'Chat' && !threadId) throw new ApiError(400, 'threadId (the chat room id) is required for the Chat channel', { field: 'threadId' });

    const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
    const organization = await engine.getOne(organizations, caller, organizationId);
    const user = userId ? await engine.getOne(users, caller, userId) : undefined;
    const organizationSettings = ((organization.settings as Record<string, unknown> | undefined)?.endusers ?? {}) as Record<string, unknown>;

    let blocks: WeeklyBlock[];
    let timezone: string | undefined;
    if (user?.autoReplyEnabled === true) {
      blocks = (user.weeklyAvailabilities as WeeklyBlock[] | undefined) ?? [];
      timezone = (user.timezone as string | undefined) ?? (organization.timezone as string | undefined);
    } else if (organizationSettings.autoReplyEnabled === true) {
      blocks = (await engine.system(caller.businessId).rows(availability_blocks, { filter: { entity: 'organization', entityId: caller.businessId } })) as unknown as WeeklyBlock[];
      timezone = organization.timezone as string | undefined;
    } else {
      return { sent: false };
    }
    if (!isOutOfOffice(blocks, new Date(), timezone)) return { sent: false };

    // One autoreply per hour per enduser and channel, whichever api process asks first.
    // raw SQL: the delivery ledger is an internal table, not a resource.
    const claimed: unknown[] = await dataSource.query(
      `INSERT INTO "${MESSAGE_DELIVERIES}" ("key", "businessId", "resource", "recordId", "status", "channel", "attempts")
       VALUES ($1, $2, 'autoreply', $3, 'sent', $4, 1)
       ON CONFLICT ("key") DO UPDATE SET "updatedAt" = now(), "attempts" = "${MESSAGE_DELIVERIES}"."attempts" + 1
         WHERE "${MESSAGE_DELIVERIES}"."updatedAt" < now() - interval '1 hour'
       RETURNING "key"`,
      [`autoreply:${caller.businessId}:${enduserId}:${channel}`, caller.businessId, enduserId, channel],
    );
    if (!claimed.length) return { sent: false };

    const sender = user ? String(user.id) : caller.id;
    try {
      // In the patient's language (issue #38): the business's system reads only their language and organizations.
      const [patient] = await engine.system(caller.businessId).rows(endusers, { filter: { _id: enduserId }, limit: 1 });
      const texts = await patientTextsWithin(dataSource.manager, patient);
      const message = texts.t('autoreply.message');
      if (channel === 'Email') {
        await engine.createOne(emails, caller, { enduserId, userId: sender, subject: texts.t('autoreply.subject'), textContent: message });
      } else if (channel === 'SMS') {
        await engine.createOne(sms_messages, caller, { enduserId, userId: sender, message });
      } else {
        await engine.createOne(chats, caller, { roomId: threadId, senderId: sender, message });
      }
    } catch (error) {
      // Nothing went out: the next message may try again within the hour.
      // raw SQL: the delivery ledger is an internal table, not a resource.
      await dataSource.query(`DELETE FROM "${MESSAGE_DELIVERIES}" WHERE "key" = $1`, [`autoreply:${caller.businessId}:${enduserId}:${channel}`]);
      throw error;
    }
    return { sent: true };
  },
});
