import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EmailChannel } from './channels/email';
import type { SmsChannel } from './channels/sms';
import type { AutomationEffects } from './automation-types';
import { addTags, removeTags, setFields, setJourneyState, leaveJourneys } from './automation-enduser';
import { automationError, derivedId, emailRecord, findRow, insertOnce, smsRecord, type Row } from './automation-records';
import { renderTemplate, type TemplateContext } from './automation-template';
import { deliverWebhook, type WebhookSettings } from './automation-webhook';
import { completeCarePlan, createCarePlan, sendChat, shareContent } from './automation-care-actions';

/** What action handlers may use: the worker's channels and settings, injected. */
export interface AutomationDeps {
  email?: EmailChannel;
  sms?: SmsChannel;
  webhooks?: WebhookSettings;
  /** The enduser portal's base URL, for links to forms sent by automations. */
  portalUrl?: string;
}

/** One automated action being carried out, inside the transaction that holds its row lock. */
export interface ActionContext {
  manager: EntityManager;
  deps: AutomationDeps;
  /** The automated_actions row (its action is what runs). */
  row: Row;
  step: Row;
  enduser: Row;
  businessId: string;
  journeyId: string;
  workflowId: string;
  journeyContext?: Record<string, unknown>;
}

/** Actions that only write to PostgreSQL: done in the same transaction that marks the action finished. */
export interface DbAction {
  kind: 'db';
  run(context: ActionContext): Promise<{ effects?: AutomationEffects; progress?: Row }>;
}

/**
 * Actions that send something outside. `prepare` runs in the transaction (renders, writes the record
 * staff see, checks addresses); `deliver` runs after the "sending" mark is committed, so a crash
 * during delivery is never followed by a second delivery.
 */
export interface SendAction {
  kind: 'send';
  prepare(context: ActionContext): Promise<{
    record?: { resource: 'emails' | 'sms_messages'; id: string };
    deliver: () => Promise<{ messageId?: string }>;
  }>;
}

export type ActionHandler = DbAction | SendAction;

export const info = (context: ActionContext) => (context.row.action?.info ?? {}) as Row;

export const templateContext = async (
  manager: EntityManager,
  businessId: string,
  enduser: Row,
  senderId?: string,
  journeyContext?: Record<string, unknown>
): Promise<TemplateContext> => {
  const sender = senderId ? await findRow(manager, 'users', businessId, senderId) : null;
  const organization = (await manager.createQueryBuilder('organizations', 'o').where('o._id = :id', { id: businessId }).getOne()) as Row | null;
  const { hashedPassword: _h, sessionVersion: _s, ...visible } = enduser;
  return { enduser: visible, sender, organization, journeyContext: journeyContext ?? null };
};

export const loadTemplate = async (context: ActionContext, templateId: string | undefined) => {
  if (!templateId) throw automationError('The step has no template');
  const template = await findRow(context.manager, 'templates', context.businessId, templateId);
  if (!template) throw automationError(`Template ${templateId} was not found`);
  return template;
};

const sendEmail: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, row } = context;
    const { templateId, senderId, fromEmailOverride } = info(context);
    if (!enduser.email) throw automationError('The enduser has no email address');
    if (!context.deps.email) throw automationError('No email channel is configured');
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, businessId, enduser, senderId, context.journeyContext);
    const subject = renderTemplate(template.subject, values);
    const text = renderTemplate(template.message, values);
    const html = template.html ? renderTemplate(template.html, values, { html: true }) : undefined;
    const id = derivedId(row._id, 'email');
    await insertOnce(
      manager,
      'emails',
      emailRecord({
        id,
        businessId,
        enduserId: enduser._id,
        userId: senderId,
        subject,
        textContent: text,
        HTMLContent: html,
        templateId,
        automationStepId: row.automationStepId,
        journeyContext: context.journeyContext,
      }),
      { organizationIds: enduser.organizationIds, creator: senderId ?? null }
    );
    const channel = context.deps.email;
    const replyTo = fromEmailOverride ?? (values.sender?.email as string | undefined);
    return {
      record: { resource: 'emails', id },
      deliver: () => channel.send({ to: enduser.email, subject, text, html, replyTo, idempotencyKey: id, businessId }),
    };
  },
};

const sendSMS: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, row } = context;
    const { templateId, senderId } = info(context);
    if (!enduser.phone) throw automationError('The enduser has no phone number');
    if (!context.deps.sms) throw automationError('No SMS channel is configured');
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, businessId, enduser, senderId, context.journeyContext);
    const message = renderTemplate(template.message, values);
    if (!message.trim()) throw automationError('The SMS template renders to an empty message');
    const id = derivedId(row._id, 'sms');
    await insertOnce(
      manager,
      'sms_messages',
      smsRecord({
        id,
        businessId,
        enduserId: enduser._id,
        userId: senderId,
        message,
        templateId,
        automationStepId: row.automationStepId,
        journeyContext: context.journeyContext,
      }),
      { organizationIds: enduser.organizationIds, creator: senderId ?? null }
    );
    const channel = context.deps.sms;
    return { record: { resource: 'sms_messages', id }, deliver: () => channel.send({ to: enduser.phone, body: message, idempotencyKey: id, businessId }) };
  },
};

/** Where automation webhooks go: the step's own url and secret, else the business's webhook configuration. */
export const webhookTarget = async (manager: EntityManager, businessId: string, url?: string, secret?: string) => {
  const configured = (await manager
    .createQueryBuilder('webhooks', 'w')
    .where('w."businessId" = :businessId', { businessId })
    .orderBy('w._id', 'DESC')
    .getOne()) as Row | null;
  const target = { url: url ?? configured?.url, secret: secret ?? configured?.secret };
  if (!target.url) throw automationError('No webhook URL: set one on the step or configure webhooks');
  if (!target.secret) throw automationError('No webhook secret: set one on the step or configure webhooks');
  return target as { url: string; secret: string };
};

const sendWebhook: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, row } = context;
    const { message, url, secret, fields } = info(context);
    const target = await webhookTarget(manager, businessId, url, secret);
    const values = await templateContext(manager, businessId, enduser, undefined, context.journeyContext);
    const payload = {
      type: 'automation',
      message: renderTemplate(message, values),
      enduserId: enduser._id,
      journeyId: context.journeyId,
      automationStepId: row.automationStepId,
      automatedActionId: row._id,
      fields: Object.fromEntries(
        ((fields as { field: string; value: string }[] | undefined) ?? []).map((entry) => [entry.field, renderTemplate(entry.value, values)])
      ),
      timestamp: new Date().toISOString(),
    };
    return { deliver: async () => (await deliverWebhook(target, payload, { ...context.deps.webhooks, deliveryId: row._id }), {}) };
  },
};

const setEnduserStatus: DbAction = {
  kind: 'db',
  async run(context) {
    const { status } = info(context);
    await setJourneyState(context.manager, context.enduser, context.journeyId, status, derivedId(context.row._id, 'status'));
    return {};
  },
};

const addEnduserTags: DbAction = {
  kind: 'db',
  async run(context) {
    const { tags, replaceExisting } = info(context);
    await addTags(context.manager, context.enduser, tags ?? [], Boolean(replaceExisting));
    return {};
  },
};

const removeEnduserTags: DbAction = {
  kind: 'db',
  async run(context) {
    await removeTags(context.manager, context.enduser, info(context).tags ?? []);
    return {};
  },
};

const setEnduserFields: DbAction = {
  kind: 'db',
  async run(context) {
    await setFields(context.manager, context.enduser, info(context).fields ?? []);
    return {};
  },
};

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

const createTicket: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId, row } = context;
    const details = info(context);
    const values = await templateContext(manager, businessId, enduser, undefined, context.journeyContext);
    const id = derivedId(row._id, 'ticket');
    await insertOnce(
      manager,
      'tickets',
      {
        _id: id,
        businessId,
        title: renderTemplate(details.title, values).slice(0, 1000) || 'Automated ticket',
        message: details.description ? renderTemplate(details.description, values).slice(0, 5000) : null,
        enduserId: enduser._id,
        automationStepId: row.automationStepId,
        journeyId: context.journeyId,
        owner: ticketOwner(context, details.assignmentStrategy, details.defaultAssignee),
        closeReasons: details.closeReasons ?? null,
        priority: details.priority ?? null,
        tags: details.tags ?? null,
        dueDateInMS: typeof details.dueDateOffsetInMS === 'number' ? Date.now() + details.dueDateOffsetInMS : null,
      },
      { organizationIds: enduser.organizationIds, creator: context.step.creator ?? null }
    );
    return { progress: { ticketId: id } };
  },
};

const addToJourney: DbAction = {
  kind: 'db',
  async run(context) {
    const { journeyId } = info(context);
    const journey = await findRow(context.manager, 'journeys', context.businessId, journeyId);
    if (!journey) throw automationError(`Journey ${journeyId} was not found`);
    return { effects: { startJourneys: [journeyId] } };
  },
};

const removeFromJourney: DbAction = {
  kind: 'db',
  async run(context) {
    const { journeyId } = info(context);
    const left = await leaveJourneys(context.manager, context.enduser, [journeyId]);
    return { effects: { cancelJourneys: left } };
  },
};

const removeFromAllJourneys: DbAction = {
  kind: 'db',
  async run(context) {
    const left = await leaveJourneys(context.manager, context.enduser);
    // This journey's own run ends too, even if the map no longer listed it.
    return { effects: { cancelJourneys: [...new Set([...left, context.journeyId])] } };
  },
};

const notifyTeam: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId, row } = context;
    const { templateId, forAssigned, roles } = info(context);
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, businessId, enduser, undefined, context.journeyContext);
    const recipients = new Set<string>(forAssigned ? (enduser.assignedTo as string[] | null) ?? [] : []);
    if (Array.isArray(roles) && roles.length) {
      const users = (await manager
        .createQueryBuilder('users', 'u')
        .select(['u._id', 'u.roles'])
        .where('u."businessId" = :businessId', { businessId })
        .getMany()) as Row[];
      for (const user of users) if (((user.roles as string[] | null) ?? []).some((role) => roles.includes(role))) recipients.add(user._id);
    }
    const message = (renderTemplate(template.subject, values) + (template.message ? `: ${renderTemplate(template.message, values)}` : '')).slice(0, 5000);
    for (const userId of recipients) {
      await insertOnce(
        manager,
        'user_notifications',
        {
          _id: derivedId(row._id, `notify:${userId}`),
          businessId,
          userId,
          type: 'automation',
          message,
          read: false,
          relatedRecords: [{ type: 'Enduser', id: enduser._id }],
        },
        { organizationIds: enduser.organizationIds }
      );
    }
    return { progress: { notified: [...recipients] } };
  },
};

const completeTickets: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId } = context;
    const journeyIds: string[] = info(context).journeyIds?.length ? info(context).journeyIds : [context.journeyId];
    const open = (await manager
      .createQueryBuilder('tickets', 't')
      .where('t."businessId" = :businessId AND t."enduserId" = :enduserId AND t."closedAt" IS NULL AND t."journeyId" IN (:...journeyIds)', {
        businessId,
        enduserId: enduser._id,
        journeyIds,
      })
      .getMany()) as Row[];
    const closedAt = new Date();
    const closedBy = context.step.creator ?? context.row.creator ?? enduser._id;
    const ticketsClosed: NonNullable<AutomationEffects['ticketsClosed']> = [];
    for (const ticket of open) {
      await manager.createQueryBuilder().update('tickets').set({ closedAt, closedBy, updatedAt: closedAt }).where('_id = :id', { id: ticket._id }).execute();
      if (ticket.automationStepId && ticket.journeyId)
        ticketsClosed.push({ ticketId: ticket._id, automationStepId: ticket.automationStepId, journeyId: ticket.journeyId });
    }
    return { effects: { ticketsClosed }, progress: { closedTicketIds: open.map((ticket) => ticket._id) } };
  },
};

const cancelFutureAppointments: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId } = context;
    const upcoming = (await manager
      .createQueryBuilder('calendar_events', 'e')
      .select(['e._id'])
      .where('e."businessId" = :businessId AND e."startTimeInMS" > :now AND e."cancelledAt" IS NULL AND e.attendees @> :attendee::jsonb', {
        businessId,
        now: Date.now(),
        attendee: JSON.stringify([{ type: 'enduser', id: enduser._id }]),
      })
      .getMany()) as Row[];
    const cancelledAt = new Date();
    for (const event of upcoming) {
      await manager.createQueryBuilder().update('calendar_events').set({ cancelledAt, updatedAt: cancelledAt }).where('_id = :id', { id: event._id }).execute();
    }
    const ids = upcoming.map((event) => event._id as string);
    return { effects: { remindersChanged: ids }, progress: { cancelledEventIds: ids } };
  },
};

/** Where an enduser fills a form (the portal's route; api/src/actions/forms/form-access.ts). */
const formFillingUrl = (portalUrl: string, accessCode: string) => `${portalUrl.replace(/\/$/, '')}/documents/forms/${accessCode}`;

/**
 * sendForm: an outstanding form response (with this step as its automationStepId, so submitting it
 * signals the journey: formResponse steps, cancel conditions, formUnsubmitted) and a message with
 * the link, by email (default) or SMS.
 */
const sendForm: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, row } = context;
    const { formId, senderId, channel } = info(context);
    const viaSms = channel === 'SMS';
    if (viaSms ? !enduser.phone : !enduser.email) throw automationError(viaSms ? 'The enduser has no phone number' : 'The enduser has no email address');
    const sender = viaSms ? context.deps.sms : context.deps.email;
    if (!sender) throw automationError(`No ${viaSms ? 'SMS' : 'email'} channel is configured`);
    const form = await findRow(manager, 'forms', businessId, formId);
    if (!form) throw automationError(`Form ${formId} was not found`);
    const responseId = derivedId(row._id, 'form-response');
    await insertOnce(
      manager,
      'form_responses',
      {
        _id: responseId,
        businessId,
        formId,
        enduserId: enduser._id,
        formTitle: form.title,
        sharedVia: viaSms ? 'SMS' : 'Email',
        automationStepId: row.automationStepId,
        accessCode: randomBytes(24).toString('base64url'),
      },
      { organizationIds: enduser.organizationIds, creator: senderId ?? null },
    );
    // A retry finds the response the first attempt wrote, access code and all.
    const response = (await findRow(manager, 'form_responses', businessId, responseId))!;
    const url = formFillingUrl(context.deps.portalUrl ?? 'http://localhost:3030', response.accessCode);
    const values = await templateContext(manager, businessId, enduser, senderId, context.journeyContext);
    const greeting = values.enduser?.fname ? `Hi ${values.enduser.fname}, ` : '';
    const text = `${greeting}please fill out ${form.title}: ${url}`;
    if (viaSms) {
      const id = derivedId(row._id, 'sms');
      await insertOnce(
        manager,
        'sms_messages',
        smsRecord({ id, businessId, enduserId: enduser._id, userId: senderId, message: text, automationStepId: row.automationStepId, journeyContext: context.journeyContext }),
        { organizationIds: enduser.organizationIds, creator: senderId ?? null },
      );
      const sms = sender as SmsChannel;
      return { record: { resource: 'sms_messages', id }, deliver: () => sms.send({ to: enduser.phone, body: text, idempotencyKey: id, businessId }) };
    }
    const id = derivedId(row._id, 'email');
    const subject = String(form.title);
    await insertOnce(
      manager,
      'emails',
      emailRecord({ id, businessId, enduserId: enduser._id, userId: senderId, subject, textContent: text, automationStepId: row.automationStepId, journeyContext: context.journeyContext }),
      { organizationIds: enduser.organizationIds, creator: senderId ?? null },
    );
    const email = sender as EmailChannel;
    return { record: { resource: 'emails', id }, deliver: () => email.send({ to: enduser.email, subject, text, idempotencyKey: id, businessId }) };
  },
};

/** Every action a step can take that this platform carries out. */
export const ACTION_HANDLERS: Record<string, ActionHandler> = {
  sendEmail,
  sendSMS,
  sendWebhook,
  sendForm,
  setEnduserStatus,
  addEnduserTags,
  removeEnduserTags,
  setEnduserFields,
  createTicket,
  addToJourney,
  removeFromJourney,
  removeFromAllJourneys,
  notifyTeam,
  completeTickets,
  cancelFutureAppointments,
  createCarePlan,
  completeCarePlan,
  shareContent,
  sendChat,
};
