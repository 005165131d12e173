import { EntitySchema } from 'typeorm';
import { ChangeOutboxEntity } from './change-outbox';
import { InboxClosureEntity } from './inbox-closures';
import { EnduserFieldCountEntity } from './enduser-field-counts';
import { EnduserTagCountEntity } from './enduser-tag-counts';
import { AutomationDecisionEntity } from './automation-decisions';
import { UsedNonceEntity } from './used-nonces';
import { WaitlistHoldEntity } from './waitlist-holds';
import { WebhookDeliveryEntity } from './webhook-deliveries';

/**
 * Internal tables of the messaging layer, outside the 57 resources (no generic routes, no wire
 * shape). Both are written by activities/src/channels and read by the development mailbox.
 */

/** One email or text message handed to an embedded default channel (kept, never sent off the machine). */
export interface OutgoingMessageRow {
  _id: string;
  channel: 'email' | 'sms';
  /** The sender's key for this message (the emails / sms_messages id): one row per key. */
  idempotencyKey: string | null;
  businessId: string | null;
  from: string | null;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  /** Message-ID (email) or the channel's message id (SMS). */
  externalId: string;
  createdAt: Date;
}

export const OUTGOING_MESSAGES = 'outgoing_messages';

export const OutgoingMessageEntity = new EntitySchema<OutgoingMessageRow>({
  name: OUTGOING_MESSAGES,
  tableName: OUTGOING_MESSAGES,
  columns: {
    _id: { type: 'varchar', length: 24, primary: true },
    channel: { type: 'varchar', length: 16 },
    idempotencyKey: { type: 'varchar', length: 200, nullable: true },
    businessId: { type: 'varchar', length: 24, nullable: true },
    from: { type: 'text', nullable: true },
    to: { type: 'text' },
    subject: { type: 'text', nullable: true },
    text: { type: 'text' },
    html: { type: 'text', nullable: true },
    headers: { type: 'jsonb', nullable: true },
    externalId: { type: 'text' },
    createdAt: { type: 'timestamptz', createDate: true },
  },
  indices: [{ name: 'IDX_outgoing_messages_channel_created', columns: ['channel', 'createdAt'] }],
  uniques: [{ name: 'UQ_outgoing_messages_idempotency', columns: ['channel', 'idempotencyKey'] }],
});

/**
 * The delivery ledger: one row per message the platform tried to deliver, keyed by resource and
 * record id. A send claims its key first, so a retried activity never sends the same message twice.
 * 'handedOver': the whole message was written and the end-of-data mark was about to go (SMTP); an
 * attempt that stopped there left the message with the server, so it counts as sent.
 */
export type DeliveryStatus = 'sending' | 'handedOver' | 'sent' | 'skipped' | 'failed';

export interface MessageDeliveryRow {
  key: string;
  businessId: string;
  resource: string;
  recordId: string;
  status: DeliveryStatus;
  channel: string | null;
  externalId: string | null;
  note: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

export const MESSAGE_DELIVERIES = 'message_deliveries';

export const MessageDeliveryEntity = new EntitySchema<MessageDeliveryRow>({
  name: MESSAGE_DELIVERIES,
  tableName: MESSAGE_DELIVERIES,
  columns: {
    key: { type: 'varchar', length: 200, primary: true },
    businessId: { type: 'varchar', length: 24 },
    resource: { type: 'varchar', length: 64 },
    recordId: { type: 'varchar', length: 24 },
    status: { type: 'varchar', length: 16 },
    channel: { type: 'varchar', length: 32, nullable: true },
    externalId: { type: 'text', nullable: true },
    note: { type: 'text', nullable: true },
    attempts: { type: 'integer', default: 0 },
    createdAt: { type: 'timestamptz', createDate: true },
    updatedAt: { type: 'timestamptz', updateDate: true },
  },
  indices: [{ name: 'IDX_message_deliveries_business', columns: ['businessId', 'recordId'] }],
});

/** Every internal table (this file's, the change outbox, the used nonces, the inbox's closures, the waitlist's holds, the automations' decisions and the webhook deliveries), registered with the resources' entities. */
export const INTERNAL_ENTITY_SCHEMAS = [OutgoingMessageEntity, MessageDeliveryEntity, ChangeOutboxEntity, UsedNonceEntity, InboxClosureEntity, WaitlistHoldEntity, AutomationDecisionEntity, WebhookDeliveryEntity, EnduserFieldCountEntity, EnduserTagCountEntity];
