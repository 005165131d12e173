import { IsMongoId, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { newId } from '@carelane/db';
import { deliverWebhook, isRefusedTarget } from '@carelane/activities/automation-webhook';
import { recordRefusedWebhook } from '@carelane/activities/refused-webhook';
import { ApiError, badRequest } from '../../errors';
import { defineAction } from '../action';
import { findConfiguration, requireRootAdmin, webhookSettings } from './configuration';
import { WEBHOOKS_NOT_CONFIGURED } from './update-webhooks';

class SendAutomationWebhookInput {
  @IsString({ message: 'Expecting non-empty string' })
  @MaxLength(5000, { message: 'String must not exceed 5000 characters' })
  message!: string;

  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  enduserId?: string;

  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  automationStepId?: string;

  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  action?: Record<string, unknown>;

  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  context?: Record<string, unknown>;
}

/**
 * POST /send-automation-webhook (root Admins only): one automation-format webhook to the configured url, signed with
 * the configured secret by the worker's delivery code (same headers, same target checks). A refused
 * target, an error answer or a timeout is a 400 naming it. Answers {}.
 */
export const sendAutomationWebhook = defineAction({
  method: 'post',
  path: '/send-automation-webhook',
  auth: 'user',
  input: SendAutomationWebhookInput,
  // It signs an arbitrary payload with the business's secret: root Admins only.
  authorize: ({ caller }) => requireRootAdmin(caller),
  handler: async ({ services, caller }, input) => {
    const target = await findConfiguration(services, caller.businessId);
    if (!target) throw badRequest(WEBHOOKS_NOT_CONFIGURED);
    const payload = {
      type: 'automation',
      message: input.message,
      enduserId: input.enduserId,
      automationStepId: input.automationStepId,
      action: input.action,
      context: input.context,
      timestamp: new Date().toISOString(),
    };
    const deliveryId = newId();
    try {
      await deliverWebhook({ url: target.url, secret: target.secret }, payload, { ...webhookSettings(), deliveryId });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isRefusedTarget(error)) await recordRefusedWebhook(services.dataSource, { businessId: caller.businessId, deliveryId, message: (error as Error).message });
      throw badRequest((error as Error).message);
    }
    return {};
  },
});
