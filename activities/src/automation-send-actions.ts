import { randomBytes } from 'node:crypto';
import { deliverStoredMessage, type MessageResource } from './channels/delivery';
import { deliveryChannels, info, loadTemplate, templateContext, webhookTarget, type ActionContext, type SendAction } from './automation-action-context';
import { automationError, derivedId, emailRecord, smsRecord } from './automation-records';
import { renderTemplate } from './automation-template';
import { deliverWebhook } from './automation-webhook';
import { createRecordOnce, systemWithin } from './worker-engine';
import { patientTextsWithin } from './patient-messages';
import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';

/**
 * Actions that reach the enduser or a receiver outside the platform: email, SMS, webhooks and form
 * links. Each is a SendAction, so the record staff see is written in the transaction and the
 * delivery happens once, after the "sending" mark is committed. Emails and SMS to the enduser go
 * out through the one delivery path (channels/delivery.ts): unsubscribe check, footer and
 * List-Unsubscribe header, send-once ledger.
 */

/** Sends the message record just written, as any enduser message is sent. */
const deliverRecord = (context: ActionContext, resource: MessageResource, record: Record<string, unknown>, replyTo?: string) => ({
  record: { resource, id: String(record._id) },
  deliver: async () => {
    const outcome = await deliverStoredMessage(context.manager, deliveryChannels(context.deps), resource, record, new Date(), { replyTo, ledger: context.ledger });
    return { messageId: outcome.messageId ?? outcome.internalMessageId, outcome };
  },
});

export const sendEmail: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, owner, row } = context;
    const { templateId, senderId, fromEmailOverride } = info(context);
    if (!enduser.email) throw automationError('The enduser has no email address');
    if (!context.deps.email) throw automationError('No email channel is configured');
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, owner, enduser, senderId, context.journeyContext);
    const subject = renderTemplate(template.subject, values);
    const text = renderTemplate(template.message, values);
    const html = template.html ? renderTemplate(template.html, values, { html: true }) : undefined;
    const record = emailRecord({
      id: derivedId(row._id, 'email'),
      businessId,
      enduserId: enduser._id,
      userId: senderId,
      subject,
      textContent: text,
      HTMLContent: html,
      templateId,
      automationStepId: row.automationStepId,
      journeyContext: context.journeyContext,
    });
    await createRecordOnce(manager, owner, 'emails', record, { organizationIds: enduser.organizationIds, creator: senderId ?? null });
    const replyTo = fromEmailOverride ?? (values.sender?.email as string | undefined);
    return deliverRecord(context, 'emails', record, replyTo);
  },
};

export const sendSMS: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, owner, row } = context;
    const { templateId, senderId } = info(context);
    if (!enduser.phone) throw automationError('The enduser has no phone number');
    if (!context.deps.sms) throw automationError('No SMS channel is configured');
    const template = await loadTemplate(context, templateId);
    const values = await templateContext(manager, owner, enduser, senderId, context.journeyContext);
    const message = renderTemplate(template.message, values);
    if (!message.trim()) throw automationError('The SMS template renders to an empty message');
    const record = smsRecord({
      id: derivedId(row._id, 'sms'),
      businessId,
      enduserId: enduser._id,
      userId: senderId,
      message,
      templateId,
      automationStepId: row.automationStepId,
      journeyContext: context.journeyContext,
    });
    await createRecordOnce(manager, owner, 'sms_messages', record, { organizationIds: enduser.organizationIds, creator: senderId ?? null });
    return deliverRecord(context, 'sms_messages', record);
  },
};

export const sendWebhook: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, row } = context;
    const { message, url, secret, fields } = info(context);
    const target = await webhookTarget(manager, businessId, url, secret);
    const values = await templateContext(manager, context.owner, enduser, undefined, context.journeyContext);
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

/** Where an enduser fills a form (the portal's route; api/src/actions/forms/form-access.ts). */
const formFillingUrl = (portalUrl: string, accessCode: string) => `${portalUrl.replace(/\/$/, '')}/documents/forms/${accessCode}`;

/**
 * sendForm: an outstanding form response (with this step as its automationStepId, so submitting it
 * signals the journey: formResponse steps, cancel conditions, formUnsubmitted) and a message with
 * the link, by email (default) or SMS.
 */
export const sendForm: SendAction = {
  kind: 'send',
  async prepare(context) {
    const { manager, enduser, businessId, owner, row } = context;
    const { formId, senderId, channel } = info(context);
    const viaSms = channel === 'SMS';
    if (viaSms ? !enduser.phone : !enduser.email) throw automationError(viaSms ? 'The enduser has no phone number' : 'The enduser has no email address');
    const sender = viaSms ? context.deps.sms : context.deps.email;
    if (!sender) throw automationError(`No ${viaSms ? 'SMS' : 'email'} channel is configured`);
    const form = await systemWithin(manager, owner).byId('forms', formId);
    if (!form) throw automationError(`Form ${formId} was not found`);
    const responseId = derivedId(row._id, 'form-response');
    await createRecordOnce(
      manager,
      owner,
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
      { organizationIds: enduser.organizationIds, creator: senderId ?? null }
    );
    // A retry finds the response the first attempt wrote, access code and all.
    const response = (await systemWithin(manager, owner).byId('form_responses', responseId))!;
    const url = formFillingUrl(context.deps.portalUrl ?? 'http://localhost:3030', response.accessCode);
    const values = await templateContext(manager, owner, enduser, senderId, context.journeyContext);
    // The form's title is the clinic's; the words around it are in the patient's language (issue #38).
    const texts = await patientTextsWithin(manager, enduser);
    const title = String(form.title);
    const name = values.enduser?.fname;
    const text = name ? texts.t('formRequest.greeted', { name: String(name), title, url }) : texts.t('formRequest.plain', { title, url });
    const common = { businessId, enduserId: enduser._id, userId: senderId, automationStepId: row.automationStepId, journeyContext: context.journeyContext };
    if (viaSms) {
      const record = smsRecord({ ...common, id: derivedId(row._id, 'sms'), message: text });
      await createRecordOnce(manager, owner, 'sms_messages', record, { organizationIds: enduser.organizationIds, creator: senderId ?? null });
      return deliverRecord(context, 'sms_messages', record);
    }
    const record = emailRecord({ ...common, id: derivedId(row._id, 'email'), subject: String(form.title), textContent: text });
    await createRecordOnce(manager, owner, 'emails', record, { organizationIds: enduser.organizationIds, creator: senderId ?? null });
    return deliverRecord(context, 'emails', record);
  },
};

/** Actions that email, text or call out: this file's handlers, by the catalogue's type (automation-actions.ts gathers every family). */
export const SEND_ACTIONS = { sendEmail, sendSMS, sendWebhook, sendForm } satisfies Partial<Record<JourneyActionType, ActionHandler>>;
