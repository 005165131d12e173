import type { AutomationEffects } from '@carelane/automation';
import { info, loadTemplate, templateContext, type ActionContext, type DbAction } from './automation-action-context';
import { derivedId, type Row } from './automation-records';
import { renderTemplate } from './automation-template';
import { systemWithin } from './worker-engine';
import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';

/**
 * Actions that hand work or news to the care team: tickets (opened and closed) and staff
 * notifications. Each only writes to PostgreSQL, in the transaction that marks its automated action
 * finished, with ids derived from that action so a retry writes nothing twice.
 */

/** Who a ticket goes to: the care team (primary or one of them) when asked and known, else the default assignee. */
const ticketOwner = (context: ActionContext, strategy: Row | undefined, defaultAssignee: string | undefined) => {
  const team = ((context.enduser.assignedTo as string[] | null) ?? []).filter(Boolean);
  if (strategy?.type === 'care-team-primary' && team.length) return team[0];
  if (strategy?.type === 'care-team-random' && team.length) {
    // Deterministic per action: a retried activity picks the same member.
    const index = parseInt(context.row._id.slice(-6), 16) % team.length;
    return team[index];
  }
  return defaultAssignee ?? null;
};

export const createTicket: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId, row } = context;
    const details = info(context);
    const values = await templateContext(manager, context.owner, enduser, undefined, context.journeyContext);
    const id = derivedId(row._id, 'ticket');
    const input: Row = {
      title: renderTemplate(details.title, values).slice(0, 1000) || 'Automated ticket',
      message: details.description ? renderTemplate(details.description, values).slice(0, 5000) : undefined,
      enduserId: enduser._id,
      automationStepId: row.automationStepId,
      journeyId: context.journeyId,
      owner: ticketOwner(context, details.assignmentStrategy, details.defaultAssignee) ?? undefined,
      closeReasons: details.closeReasons ?? undefined,
      priority: details.priority ?? undefined,
      tags: details.tags ?? undefined,
      dueDateInMS: typeof details.dueDateOffsetInMS === 'number' ? Date.now() + details.dueDateOffsetInMS : undefined,
    };
    // Absent, not null: the engine validates the ticket like a client's payload.
    for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
    await systemWithin(manager, context.owner).createOnce('tickets', id, input, undefined, {
      organizationIds: enduser.organizationIds,
      creator: context.step.creator ?? null,
    });
    return { progress: { ticketId: id } };
  },
};

export const notifyTeam: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId, row } = context;
    const { templateId, forAssigned, roles } = info(context);
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, context.owner, enduser, undefined, context.journeyContext);
    const recipients = new Set<string>(forAssigned ? (enduser.assignedTo as string[] | null) ?? [] : []);
    if (Array.isArray(roles) && roles.length) {
      const users = await systemWithin(manager, context.owner).rows('users', { filter: { roles: { _in: roles } } });
      for (const user of users) recipients.add(user._id);
    }
    const message = (renderTemplate(template.subject, values) + (template.message ? `: ${renderTemplate(template.message, values)}` : '')).slice(0, 5000);
    for (const userId of recipients) {
      await systemWithin(manager, context.owner).createOnce(
        'user_notifications',
        derivedId(row._id, `notify:${userId}`),
        { userId, type: 'automation', message, read: false, relatedRecords: [{ type: 'Enduser', id: enduser._id }] },
        undefined,
        { organizationIds: enduser.organizationIds, creator: null }
      );
    }
    return { progress: { notified: [...recipients] } };
  },
};

export const completeTickets: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId } = context;
    const journeyIds: string[] = info(context).journeyIds?.length ? info(context).journeyIds : [context.journeyId];
    const data = systemWithin(manager, context.owner);
    const open = await data.rows('tickets', { filter: { enduserId: enduser._id, closedAt: null, journeyId: { _in: journeyIds } } });
    const closedAt = new Date();
    const closedBy = context.step.creator ?? context.row.creator ?? enduser._id;
    const ticketsClosed: NonNullable<AutomationEffects['ticketsClosed']> = [];
    for (const ticket of open) {
      await data.updateOne('tickets', ticket._id, {}, { serverFields: { closedAt, closedBy } });
      if (ticket.automationStepId && ticket.journeyId)
        ticketsClosed.push({ ticketId: ticket._id, automationStepId: ticket.automationStepId, journeyId: ticket.journeyId });
    }
    return { effects: { ticketsClosed }, progress: { closedTicketIds: open.map((ticket) => ticket._id) } };
  },
};

/** Work and news for the care team: this file's handlers, by the catalogue's type (automation-actions.ts gathers every family). */
export const TEAM_ACTIONS = { createTicket, notifyTeam, completeTickets } satisfies Partial<Record<JourneyActionType, ActionHandler>>;
