import { endusers, organizations, users } from '@carelane/db';
import { defineAction } from '../action';
import { COMMUNICATION_CHANNELS, optionalField, requiredField, v } from './input';
import { renderTemplatedMessage } from './render-template';

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
  handler: async ({ services, caller }, input) => {
    const message = requiredField(input, 'message', v.text(100_000));
    const userId = requiredField(input, 'userId', v.id);
    const enduserId = requiredField(input, 'enduserId', v.id);
    const html = optionalField(input, 'html', v.text(100_000));
    const subject = optionalField(input, 'subject', v.text(1000));
    optionalField(input, 'channel', v.oneOf(COMMUNICATION_CHANNELS));
    optionalField(input, 'automationStepId', v.id);
    const journeyContext = optionalField(input, 'journeyContext', v.jsonObject());

    const { engine } = services;
    const [enduser, user] = await Promise.all([engine.getOne(endusers, caller, enduserId.toLowerCase()), engine.getOne(users, caller, userId.toLowerCase())]);
    const organizationId = caller.organizationIds[caller.organizationIds.length - 1] ?? caller.businessId;
    const organization = await engine.getOne(organizations, caller, organizationId).catch(() => undefined);
    return renderTemplatedMessage({ message, html: html || undefined, subject }, { enduser, user, organization, journey: journeyContext });
  },
});
