import type { EntityManager } from 'typeorm';
import { resourceByName, serialize, WEBHOOK_STEP_NEEDS_SECRET } from '@carelane/db';
import type { EmailChannel } from './channels/email';
import type { SmsChannel } from './channels/sms';
import type { DeliveryChannels, DeliveryOutcome } from './channels/delivery';
import type { AutomationEffects } from '@carelane/automation';
import { automationError, type Row } from './automation-records';
import { systemWithin, wholeBusiness, type AutomationOwner } from './worker-engine';
import type { TemplateContext } from './automation-template';
import type { WebhookSettings } from './automation-webhook';

/**
 * What every automation action handler shares: the shape of a handler, what it is given, and the
 * look-ups several families need (template values, templates, webhook targets). It lives apart from
 * the handler registry so the handler files and automation-reminders.ts can import it without
 * importing each other.
 */

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
  /** Outside the transaction (each statement its own commit): the send-once ledger's claim commits before a send leaves. */
  ledger: EntityManager;
  deps: AutomationDeps;
  /** The automated_actions row (its action is what runs). */
  row: Row;
  step: Row;
  enduser: Row;
  businessId: string;
  /** The journey's organization: what the step may read, render and write (worker-engine.ts AutomationOwner). */
  owner: AutomationOwner;
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
 * staff see, checks addresses); `deliver` claims the send in the ledger in its own commit, sends,
 * then marks it sent, so a retry after a crash knows what left (channels/delivery.ts).
 */
export interface SendAction {
  kind: 'send';
  prepare(context: ActionContext): Promise<{
    record?: { resource: 'emails' | 'sms_messages'; id: string };
    /** `outcome`: a message record's delivery fields, as the delivery path answered them. */
    deliver: () => Promise<{ messageId?: string; outcome?: DeliveryOutcome }>;
  }>;
}

export type ActionHandler = DbAction | SendAction;

/** The worker's channels as the one delivery path takes them. */
export const deliveryChannels = (deps: AutomationDeps): DeliveryChannels => ({ email: deps.email, sms: deps.sms, portalUrl: deps.portalUrl ?? 'http://localhost:3030' });

export const info = (context: ActionContext) => (context.row.action?.info ?? {}) as Row;

/** A record as a reader through the api sees it (secrets removed): the only form templates get. */
export const visible = (resource: string, row: Row | null | undefined): Row | null => (row ? serialize(resourceByName.get(resource)!, row) : null);

/** Template values as the owner's organization reads them: a sender or record it cannot see renders empty. */
export const templateContext = async (
  manager: EntityManager,
  owner: AutomationOwner,
  enduser: Row,
  senderId?: string,
  journeyContext?: Record<string, unknown>
): Promise<TemplateContext> => {
  const data = systemWithin(manager, owner);
  const sender = await data.byId('users', senderId);
  // The owner's own organization; for the root, the business's organization (its _id is the businessId).
  const organization = await data.byId('organizations', owner.organizationIds.at(-1) ?? owner.businessId);
  return { enduser: visible('endusers', enduser), sender: visible('users', sender), organization: visible('organizations', organization), journeyContext: journeyContext ?? null };
};

export const loadTemplate = async (context: ActionContext, templateId: string | undefined) => {
  if (!templateId) throw automationError('The step has no template');
  const template = await systemWithin(context.manager, context.owner).byId('templates', templateId);
  if (!template) throw automationError(`Template ${templateId} was not found`);
  return template;
};

/**
 * Where automation webhooks go: the step's own url and secret, else the business's webhook configuration.
 * The business's secret signs only the business's url: a stored step with its own url and no secret
 * (written before the rule of docs/decisions.md, issue 29) is refused, never signed with it.
 */
export const webhookTarget = async (manager: EntityManager, businessId: string, url?: string, secret?: string) => {
  if (url && !secret) throw automationError(WEBHOOK_STEP_NEEDS_SECRET);
  // The business's own webhook configuration (Admins set it for the whole business).
  const [configured] = await systemWithin(manager, wholeBusiness(businessId)).rows('webhooks', { sort: 'newFirst', limit: 1 });
  const target = { url: url ?? configured?.url, secret: secret ?? configured?.secret };
  if (!target.url) throw automationError('No webhook URL: set one on the step or configure webhooks');
  if (!target.secret) throw automationError('No webhook secret: set one on the step or configure webhooks');
  return target as { url: string; secret: string };
};
