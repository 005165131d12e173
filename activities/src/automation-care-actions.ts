import type { Row } from './automation-records';
import { automationError, derivedId, findRow, insertOnce } from './automation-records';
import { info, loadTemplate, templateContext, type ActionContext, type DbAction } from './automation-action-context';
import { renderTemplate } from './automation-template';

/**
 * Actions that write care records for the enduser: care plans, shared content and chat messages.
 * Each runs in the transaction that marks its automated action finished, with ids derived from
 * that action, so a retried activity writes each record once.
 */

/** createCarePlan: one plan per enduser and title (an existing plan with that title is reused). */
export const createCarePlan: DbAction = {
  kind: 'db',
  async run(context: ActionContext) {
    const { manager, enduser, businessId, row } = context;
    const { title, htmlDescription } = info(context);
    if (typeof title !== 'string' || !title.trim()) throw automationError('The care plan has no title');
    const existing = (await manager
      .createQueryBuilder('care_plans', 'plan')
      .where('plan."businessId" = :businessId AND plan."enduserId" = :enduserId AND plan.title = :title', { businessId, enduserId: enduser._id, title })
      .getOne()) as Row | null;
    if (existing) return { progress: { carePlanId: existing._id } };
    const id = derivedId(row._id, 'care-plan');
    await insertOnce(
      manager,
      'care_plans',
      { _id: id, businessId, title: title.slice(0, 1000), htmlDescription: htmlDescription ?? null, enduserId: enduser._id, journeyId: context.journeyId, eventIds: [] },
      { organizationIds: enduser.organizationIds, creator: context.step.creator ?? null },
    );
    return { progress: { carePlanId: id } };
  },
};

/** completeCarePlan: the enduser's open care plans from this journey are marked completed. */
export const completeCarePlan: DbAction = {
  kind: 'db',
  async run(context: ActionContext) {
    const { manager, enduser, businessId } = context;
    const completedAt = new Date();
    const result = await manager
      .createQueryBuilder()
      .update('care_plans')
      .set({ completedAt, updatedAt: completedAt })
      .where('"businessId" = :businessId AND "enduserId" = :enduserId AND "journeyId" = :journeyId AND "completedAt" IS NULL', {
        businessId,
        enduserId: enduser._id,
        journeyId: context.journeyId,
      })
      .execute();
    return { progress: { completed: result.affected ?? 0 } };
  },
};

/** shareContent: each managed content record is assigned to the enduser (missing records are reported). */
export const shareContent: DbAction = {
  kind: 'db',
  async run(context: ActionContext) {
    const { manager, enduser, businessId, row } = context;
    const ids: unknown = info(context).managedContentRecordIds;
    if (!Array.isArray(ids) || ids.length === 0) throw automationError('No content to share');
    const shared: string[] = [];
    for (const contentId of ids) {
      if (typeof contentId !== 'string' || !(await findRow(manager, 'managed_content_records', businessId, contentId))) {
        throw automationError(`Content ${String(contentId)} was not found`);
      }
      await insertOnce(
        manager,
        'managed_content_record_assignments',
        { _id: derivedId(row._id, `content-${contentId}`), businessId, contentId, enduserId: enduser._id },
        { organizationIds: enduser.organizationIds, creator: context.step.creator ?? null },
      );
      shared.push(contentId);
    }
    return { progress: { shared } };
  },
};

/**
 * sendChat: the rendered template is posted in the enduser's chat room named by `identifier`
 * (created with the given team members when missing), and the room's counters follow.
 */
export const sendChat: DbAction = {
  kind: 'db',
  async run(context: ActionContext) {
    const { manager, enduser, businessId, row } = context;
    const { templateId, identifier, userIds } = info(context);
    const template = await loadTemplate(context, templateId);
    const senderId = (context.step.creator as string | undefined) ?? null;
    const values = await templateContext(manager, businessId, enduser, senderId ?? undefined, context.journeyContext);
    const message = renderTemplate(template.message, values).slice(0, 25_000);
    const title = typeof identifier === 'string' && identifier ? identifier : String(template.title ?? 'Conversation');
    let room = (await manager
      .createQueryBuilder('chat_rooms', 'room')
      .setLock('pessimistic_write')
      .where('room."businessId" = :businessId AND room.title = :title AND room."enduserIds" @> :member::jsonb', {
        businessId,
        title,
        member: JSON.stringify([enduser._id]),
      })
      .getOne()) as Row | null;
    if (!room) {
      const roomId = derivedId(row._id, 'chat-room');
      const members = Array.isArray(userIds) ? userIds : senderId ? [senderId] : [];
      await insertOnce(
        manager,
        'chat_rooms',
        { _id: roomId, businessId, title, type: 'external', enduserIds: [enduser._id], userIds: members, numMessages: 0 },
        { organizationIds: enduser.organizationIds, creator: senderId },
      );
      room = await findRow(manager, 'chat_rooms', businessId, roomId, true);
    }
    const chatId = derivedId(row._id, 'chat');
    const inserted = await insertOnce(
      manager,
      'chats',
      { _id: chatId, businessId, roomId: room!._id, senderId, message, templateId, automationStepId: row.automationStepId },
      { organizationIds: enduser.organizationIds, creator: senderId },
    );
    if (inserted) {
      const now = new Date();
      await manager
        .createQueryBuilder()
        .update('chat_rooms')
        .set({ numMessages: () => 'COALESCE("numMessages", 0) + 1', recentMessage: message.slice(0, 1000), recentSender: senderId, recentMessageSentAt: now.getTime(), updatedAt: now })
        .where('_id = :id', { id: room!._id })
        .execute();
    }
    return { progress: { roomId: room!._id, chatId } };
  },
};
