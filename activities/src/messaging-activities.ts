import { Context } from '@temporalio/activity';
import type { DataSource } from 'typeorm';
import { createMessagingChannels, loadMessagingConfig } from './channels/config';
import { deliverStoredMessage, DeliveryError, MissingContactError, type DeliveryOutcome, type MessageResource, type MessagingChannels } from './channels/delivery';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

export interface ScheduledMessageInput {
  businessId: string;
  resource: MessageResource;
  id: string;
}

/** Attempts before a failing channel is given up on and the message recorded as failed. */
export const MESSAGE_SEND_ATTEMPTS = 5;

/**
 * Activities of the messaging layer. Channels come by injection (tests pass a real SMTP server's);
 * without them they are built from the worker's environment (SMTP_URL, TWILIO_*, PORTAL_URL).
 */
export const createMessagingActivities = ({ dataSource, channels }: { dataSource: DataSource; channels?: MessagingChannels }) => {
  let resolved = channels;
  const channelsNow = () => (resolved ??= createMessagingChannels(loadMessagingConfig(), dataSource));

  return {
    /**
     * Sends a stored message whose sendAt has come. Idempotent: the record's deliveryStatus and
     * the delivery ledger (keyed by the message id) make a retried or repeated call send nothing more.
     * A message deleted meanwhile is not sent.
     */
    async deliverScheduledMessage({ businessId, resource, id }: ScheduledMessageInput): Promise<{ status: string }> {
      const record = await systemWithin(dataSource.manager, wholeBusiness(businessId)).byId(resource, id);
      if (!record) return { status: 'deleted' };
      if (record.deliveryStatus !== 'scheduled') return { status: String(record.deliveryStatus ?? 'unknown') };
      let outcome: DeliveryOutcome;
      try {
        outcome = await deliverStoredMessage(dataSource.manager, channelsNow(), resource, record);
      } catch (error) {
        if (error instanceof MissingContactError) {
          outcome = { delivered: false, deliveryStatus: 'failed', deliveryNote: error.message };
        } else if (error instanceof DeliveryError && Context.current().info.attempt >= MESSAGE_SEND_ATTEMPTS) {
          outcome = { delivered: false, deliveryStatus: 'failed', deliveryNote: error.message };
        } else {
          throw error;
        }
      }
      await dataSource.transaction((manager) => systemWithin(manager, ownerOf(record)).updateOne(resource, id, {}, { serverFields: { ...outcome } }));
      return { status: outcome.deliveryStatus };
    },
  };
};

export type MessagingActivities = ReturnType<typeof createMessagingActivities>;
