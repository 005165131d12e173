import { endusers, organizations, users } from '@carelane/db';
import { defineAction } from '../action';
import { COMMUNICATION_CHANNELS, v } from './input';
import { renderTemplatedMessage } from './render-template';
import { Optional, Required, S } from '../input';

class TemplatedMessageInput {
  @Required(v.text(100_000), S.text(100_000))
  message!: string;

  @Required(v.id, S.id)
  userId!: string;

  @Required(v.id, S.id)
  enduserId!: string;

  @Optional(v.text(100_000), S.text(100_000))
  html?: string;

  @Optional(v.text(1000), S.text(1000))
  subject?: string;

  @Optional(v.oneOf(COMMUNICATION_CHANNELS), S.oneOf(COMMUNICATION_CHANNELS))
  channel?: (typeof COMMUNICATION_CHANNELS)[number];

  @Optional(v.id, S.id)
  automationStepId?: string;

  @Optional(v.jsonObject(), S.object)
  journeyContext?: Record<string, unknown>;
}

/**
 * POST /templated-message { message, userId, enduserId, html?, subject?, channel?, automationStepId?,
 * journeyContext? } → { plaintext, html, subject, linkOpenTrackingIds }. Renders template variables
 * for one enduser and sender; the records are read through the engine, so a caller only renders
 * with people they may see. HTML comes back sanitised.
 */
export const templatedMessage = defineAction({
  method: 'post',
  path: '/templated-message',
  auth: 'user',
  input: TemplatedMessageInput,
  handler: async ({ services, caller }, input) => {
    const message = input.message;
    const userId = input.userId;
    const enduserId = input.enduserId;
    const html = input.html;
    const subject = input.subject;
    const journeyContext = input.journeyContext;

    const { engine } = services;
    const [enduser, user] = await Promise.all([engine.getOne(endusers, caller, enduserId.toLowerCase()), engine.getOne(users, caller, userId.toLowerCase())]);
    const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
    const organization = await engine.getOne(organizations, caller, organizationId).catch(() => undefined);
    return renderTemplatedMessage({ message, html: html || undefined, subject }, { enduser, user, organization, journey: journeyContext });
  },
});
