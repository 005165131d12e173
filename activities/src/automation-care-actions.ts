import { automationError, derivedId } from './automation-records';
import { systemWithin } from './worker-engine';
import { info, loadTemplate, templateContext, type ActionContext, type DbAction } from './automation-action-context';
import { renderTemplate } from './automation-template';
import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';

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
    const data = systemWithin(manager, context.owner);
    const [existing] = await data.rows('care_plans', { filter: { enduserId: enduser._id, title }, limit: 1 });
    if (existing) return { progress: { carePlanId: existing._id } };
    const id = derivedId(row._id, 'care-plan');
    await data.createOnce(
      'care_plans',
      id,
      { title: title.slice(0, 1000), ...(htmlDescription ? { htmlDescription } : {}), enduserId: enduser._id, journeyId: context.journeyId, eventIds: [] },
      undefined,
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
    const data = systemWithin(manager, context.owner);
    const open = await data.rows('care_plans', { filter: { enduserId: enduser._id, journeyId: context.journeyId, completedAt: null } });
    for (const plan of open) await data.updateOne('care_plans', plan._id, {}, { serverFields: { completedAt } });
    return { progress: { completed: open.length } };
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
    const data = systemWithin(manager, context.owner);
    for (const contentId of ids) {
      if (typeof contentId !== 'string' || !(await data.byId('managed_content_records', contentId))) {
        throw automationError(`Content ${String(contentId)} was not found`);
      }
      await data.createOnce(
        'managed_content_record_assignments',
        derivedId(row._id, `content-${contentId}`),
        { contentId, enduserId: enduser._id },
        undefined,
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
    const values = await templateContext(manager, context.owner, enduser, senderId ?? undefined, context.journeyContext);
    // A chat message holds at most 5000 characters (the chats definition).
    const message = renderTemplate(template.message, values).slice(0, 5000);
    const title = typeof identifier === 'string' && identifier ? identifier : String(template.title ?? 'Conversation');
    const data = systemWithin(manager, context.owner);
    let [room] = await data.rows('chat_rooms', { filter: { title, enduserIds: [enduser._id] }, limit: 1, lock: true });
    if (!room) {
      const roomId = derivedId(row._id, 'chat-room');
      const members = Array.isArray(userIds) ? userIds : senderId ? [senderId] : [];
      await data.createOnce('chat_rooms', roomId, { title, type: 'external', enduserIds: [enduser._id], userIds: members }, undefined, {
        organizationIds: enduser.organizationIds,
        creator: senderId,
      });
      room = (await data.byId('chat_rooms', roomId, { lock: true }))!;
    }
    const chatId = derivedId(row._id, 'chat');
    // The engine counts the message into the room (numMessages); the room's preview is the server's own.
    const inserted = await data.createOnce(
      'chats',
      chatId,
      { roomId: room._id, ...(senderId ? { senderId } : {}), message, ...(templateId ? { templateId } : {}), automationStepId: row.automationStepId },
      undefined,
      { organizationIds: enduser.organizationIds, creator: senderId },
    );
    if (inserted) {
      await data.updateOne('chat_rooms', room._id, {}, { serverFields: { recentMessage: message.slice(0, 1000), recentSender: senderId, recentMessageSentAt: Date.now() } });
    }
    return { progress: { roomId: room._id, chatId } };
  },
};

/** Care records and chat: this file's handlers, by the catalogue's type (automation-actions.ts gathers every family). */
export const CARE_ACTIONS = { createCarePlan, completeCarePlan, shareContent, sendChat } satisfies Partial<Record<JourneyActionType, ActionHandler>>;
