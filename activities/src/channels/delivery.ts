import type { EntityManager } from 'typeorm';
import { MESSAGE_DELIVERIES, type DeliveryStatus } from '@carelane/db/internal/outgoing-messages';
import type { EmailChannel } from './email';
import type { SmsChannel } from './sms';
import { escapeHtml, textToHtml } from './template';
import { ownerOf, systemWithin } from '../worker-engine';
import { patientTexts, patientTextsWithin, type PatientTexts } from '../patient-messages';

/**
 * Delivery of stored emails and text messages to endusers, shared by the api (a message sent as it
 * is created) and the worker (a message whose sendAt has come). Each send is keyed by resource and
 * record id in the `message_deliveries` ledger (an automation's message id is derived from its
 * automated action, so the key is stable across retries): claimed before sending, marked after. A
 * retry finds a sent message sent; one that finds the claim without an outcome (the sender died
 * mid-send) sends an email again under the same Message-ID and holds an SMS back (decisions.md, issue 21).
 */
export type MessageResource = 'emails' | 'sms_messages';

export interface MessagingChannels {
  email: EmailChannel;
  sms: SmsChannel;
  /** The enduser portal's base URL: unsubscribe links point at its /unsubscribe page. */
  portalUrl: string;
}

/** What delivery needs: a channel may be absent (a worker without SMS), then sending on it fails. */
export interface DeliveryChannels {
  email?: EmailChannel;
  sms?: SmsChannel;
  portalUrl: string;
}

/** The enduser has no address on this channel: 'Missing email' / 'Missing phone'. */
export class MissingContactError extends Error {
  constructor(readonly channel: 'email' | 'sms') {
    super(channel === 'email' ? 'Missing email' : 'Missing phone');
    this.name = 'MissingContactError';
  }
}

/** The channel refused or could not be reached. */
export class DeliveryError extends Error {
  constructor(readonly channel: 'email' | 'sms', override readonly cause: unknown) {
    super(`${channel === 'email' ? 'Email' : 'SMS'} could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DeliveryError';
  }
}

/** Fields the server writes on the message record once its fate is known. */
export interface DeliveryOutcome {
  delivered: boolean;
  deliveryStatus: 'sent' | 'skipped' | 'failed' | 'logged' | 'scheduled';
  deliveryNote?: string | null;
  messageId?: string;
  threadId?: string;
  internalMessageId?: string;
  timestamp?: Date;
}

export const channelOf = (resource: MessageResource) => (resource === 'emails' ? 'email' : 'sms');

/** The portal page that unsubscribes an enduser from one channel (docs/contract/portal.md#unsubscribe). */
export const unsubscribeUrl = (portalUrl: string, enduserId: string, type: 'email' | 'sms') =>
  `${portalUrl.replace(/\/$/, '')}/unsubscribe?enduserId=${encodeURIComponent(enduserId)}&type=${type}`;

/** `unsubscribedFrom` holds channel names as the portal sends them ('email', 'sms'), or 'all'. */
export const isUnsubscribed = (enduser: Record<string, unknown>, channel: 'email' | 'sms') => {
  const list = Array.isArray(enduser.unsubscribedFrom) ? (enduser.unsubscribedFrom as unknown[]) : [];
  const names = list.filter((item): item is string => typeof item === 'string').map((item) => item.toLowerCase());
  return names.includes(channel) || names.includes('all') || (channel === 'sms' && names.includes('text'));
};

export const UNSUBSCRIBED_FROM_MARKETING = 'Unsubscribed from marketing';

/** The patient texted STOP (or another opt-out keyword) from this phone: phoneConsent false (api/src/inbound/opt-out.ts). */
export const OPTED_OUT_OF_TEXTS = 'This phone number has opted out of texts';

export const hasOptedOutOfTexts = (enduser: Record<string, unknown> | null | undefined) => enduser?.phoneConsent === false;

/** A marketing email (isMarketing) to an enduser who unsubscribed from marketing (GET /v1/unsubscribe). */
export const isMarketingRefused = (enduser: Record<string, unknown> | null | undefined, record: Record<string, unknown>) =>
  record.isMarketing === true && enduser?.unsubscribedFromMarketing === true;

export { textToHtml };

/**
 * The message as it goes out: the stored content plus the unsubscribe footer (in the patient's
 * language, `texts`; English when not given) and threading headers.
 */
export const composeEmail = (record: Record<string, unknown>, portalUrl: string, texts: PatientTexts = patientTexts('en')) => {
  const link = unsubscribeUrl(portalUrl, String(record.enduserId), 'email');
  const text = String(record.textContent ?? '');
  const html = typeof record.HTMLContent === 'string' && record.HTMLContent.trim() ? record.HTMLContent : textToHtml(text);
  const headers: Record<string, string> = {
    'List-Unsubscribe': `<${link}>`,
  };
  if (typeof record.replyTo === 'string' && record.replyTo) {
    headers['In-Reply-To'] = record.replyTo;
    headers.References = typeof record.threadId === 'string' && record.threadId && record.threadId !== record.replyTo ? `${record.threadId} ${record.replyTo}` : record.replyTo;
  }
  return {
    subject: String(record.subject ?? ''),
    text: `${text}\n\n--\n${texts.t('footer.unsubscribeText', { link })}`,
    html: `${html}<hr/><p style="font-size:12px;color:#666">${escapeHtml(texts.t('footer.unsubscribeHtmlBefore'))}<a href="${escapeHtml(link)}">${escapeHtml(
      texts.t('footer.unsubscribeHtmlLink'),
    )}</a>${escapeHtml(texts.t('footer.unsubscribeHtmlAfter'))}</p>`,
    headers,
    unsubscribeLink: link,
  };
};

const key = (resource: MessageResource, id: string) => `${resource}:${id}`;

/** The ledger's note on an email sent again because an earlier attempt stopped between its claim and its outcome. */
export const RESENT_IN_DOUBT_NOTE = 'Sent again with the same Message-ID: an earlier attempt stopped between its claim and its outcome';

/** The ledger's note on an email whose attempt stopped after handing it to the mail server, before the server's answer. */
export const HANDED_OVER_NOTE = 'Not sent again: an earlier attempt had handed the whole message to the mail server when it stopped';

interface LedgerRow {
  status: DeliveryStatus;
  externalId: string | null;
  note: string | null;
}

/**
 * Takes the send for this message: true when this attempt may send (first try, the earlier try
 * failed before anything left, or, for email, an earlier try stopped mid-send: see `resendInDoubt`).
 * False when it was sent, skipped or is in doubt on a channel that is not resent: then the stored
 * row says what happened. `resent` marks an in-doubt email taken again.
 */
const claim = async (ledger: EntityManager, resource: MessageResource, record: Record<string, unknown>, channel: string) => {
  // In doubt ("sending" left by an attempt that stopped between the claim and the outcome): an email
  // goes out again with the same Message-ID (derived from the key), so a receiver that already took
  // the first copy can recognise it; an SMS has nothing to recognise a copy by, so it is not resent.
  const retaken = resource === 'emails' ? `('failed', 'sending')` : `('failed')`;
  // raw SQL: the delivery ledger is an internal table (not a resource), claimed with INSERT ... ON CONFLICT
  const rows: { key: string; resent: boolean }[] = await ledger.query(
    `INSERT INTO "${MESSAGE_DELIVERIES}" ("key", "businessId", "resource", "recordId", "status", "channel", "attempts")
     VALUES ($1, $2, $3, $4, 'sending', $5, 1)
     ON CONFLICT ("key") DO UPDATE SET "status" = 'sending', "attempts" = "${MESSAGE_DELIVERIES}"."attempts" + 1, "updatedAt" = now(),
       "note" = CASE WHEN "${MESSAGE_DELIVERIES}"."status" = 'sending' THEN $6 ELSE "${MESSAGE_DELIVERIES}"."note" END
       WHERE "${MESSAGE_DELIVERIES}"."status" IN ${retaken}
     RETURNING "key", ("note" IS NOT DISTINCT FROM $6) AS "resent"`,
    [key(resource, String(record._id)), record.businessId, resource, record._id, channel, RESENT_IN_DOUBT_NOTE],
  );
  if (rows.length) return { claimed: true as const, resent: Boolean(rows[0].resent) };
  // raw SQL: the delivery ledger is an internal table, not a resource
  const [existing]: LedgerRow[] = await ledger.query(`SELECT "status", "externalId", "note" FROM "${MESSAGE_DELIVERIES}" WHERE "key" = $1`, [key(resource, String(record._id))]);
  return { claimed: false as const, existing };
};

const settleStatement = (resource: MessageResource, id: string, status: DeliveryStatus, values: { externalId?: string; note?: string } = {}): [string, unknown[]] => [
  `UPDATE "${MESSAGE_DELIVERIES}" SET "status" = $2, "externalId" = COALESCE($3, "externalId"), "note" = $4, "updatedAt" = now() WHERE "key" = $1`,
  [key(resource, id), status, values.externalId ?? null, values.note ?? null],
];

const settle = (manager: EntityManager, resource: MessageResource, id: string, status: DeliveryStatus, values: { externalId?: string; note?: string } = {}) =>
  // raw SQL: the delivery ledger is an internal table, not a resource
  manager.query(...settleStatement(resource, id, status, values));

/** node-postgres's client as TypeORM's query runner hands it out (the part used here). */
interface DriverClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * "Handed over" for an email, written in the same tick as SMTP's end-of-data mark: a connection of the
 * ledger's data source is reserved before the send, so writing the statement needs no wait (no pool,
 * no round trip) and it leaves this process together with the mark. Only where the ledger commits on
 * its own (the worker's `options.ledger`); inside a caller's transaction the claim is not committed
 * yet and a second connection's update would wait on it.
 */
const handOverMark = async (ledger: EntityManager, resource: MessageResource, id: string) => {
  const runner = ledger.connection.createQueryRunner();
  const client = (await runner.connect()) as DriverClient;
  let written: Promise<unknown> = Promise.resolve();
  return {
    // raw SQL: the delivery ledger is an internal table, not a resource; sent straight on the reserved client so nothing waits
    mark: (messageId: string) => void (written = client.query(...settleStatement(resource, id, 'handedOver', { externalId: messageId }))),
    /** Waits for the statement (a failure leaves the row at sending: a retry sends again) and gives the connection back. */
    done: async () => {
      await written.catch(() => undefined);
      await runner.release();
    },
  };
}

const sentOutcome = (resource: MessageResource, record: Record<string, unknown>, externalId: string, now: Date): DeliveryOutcome =>
  resource === 'emails'
    ? {
        delivered: true,
        deliveryStatus: 'sent',
        deliveryNote: null,
        messageId: externalId,
        threadId: typeof record.threadId === 'string' && record.threadId ? record.threadId : externalId,
        timestamp: now,
      }
    : { delivered: true, deliveryStatus: 'sent', deliveryNote: null, internalMessageId: externalId, timestamp: now };

/**
 * Sends one stored message to its enduser through the configured channel and answers the fields
 * to write on the record. An unsubscribed enduser gets nothing ('skipped'). Throws
 * MissingContactError when the enduser has no address and DeliveryError when the channel fails.
 * `manager` is the api's transaction, or the worker's plain manager (each statement its own commit).
 * `options.ledger`: where the send-once ledger is written when `manager` is a transaction that stays
 * open across the send (the worker's runStep and reminders): the claim must commit before anything
 * leaves, or a crash after the send rolls it back and the retry sends a second copy.
 * Every enduser email and SMS goes through here, whoever created it (generic calls, scheduled
 * messages, journey steps, reminders): one unsubscribe check, one footer, one send-once ledger.
 * `options.replyTo`: the address replies go to (an automation's sender).
 */
export const deliverStoredMessage = async (
  manager: EntityManager,
  channels: DeliveryChannels,
  resource: MessageResource,
  record: Record<string, unknown>,
  now = new Date(),
  options: { replyTo?: string; ledger?: EntityManager } = {},
): Promise<DeliveryOutcome> => {
  const ledger = options.ledger ?? manager;
  const channel = channelOf(resource);
  const id = String(record._id);
  // Read as the message's organization sees it: a message is never delivered to a patient outside it.
  const enduser = await systemWithin(manager, ownerOf(record)).byId('endusers', String(record.enduserId));
  if (!enduser) return { delivered: false, deliveryStatus: 'failed', deliveryNote: 'The enduser no longer exists' };
  const address = channel === 'email' ? enduser.email : enduser.phone;
  if (typeof address !== 'string' || !address) throw new MissingContactError(channel);

  const taken = await claim(ledger, resource, record, (channel === 'email' ? channels.email?.kind : channels.sms?.kind) ?? 'none');
  if (!taken.claimed) {
    const { existing } = taken;
    if (existing?.status === 'sent' && existing.externalId) return sentOutcome(resource, record, existing.externalId, now);
    if (existing?.status === 'handedOver' && existing.externalId) {
      await settle(ledger, resource, id, 'sent', { externalId: existing.externalId, note: HANDED_OVER_NOTE });
      return sentOutcome(resource, record, existing.externalId, now);
    }
    if (existing?.status === 'skipped') return { delivered: false, deliveryStatus: 'skipped', deliveryNote: existing.note };
    return { delivered: false, deliveryStatus: 'failed', deliveryNote: 'An earlier attempt stopped while sending; not sent again, to avoid a duplicate' };
  }
  // Checked again at the send (not only at create): a scheduled marketing email to someone who unsubscribed since is skipped.
  const optedOut = channel === 'sms' && hasOptedOutOfTexts(enduser);
  if (optedOut || isUnsubscribed(enduser, channel) || (channel === 'email' && isMarketingRefused(enduser, record))) {
    const note = optedOut
      ? OPTED_OUT_OF_TEXTS
      : !isUnsubscribed(enduser, channel)
        ? UNSUBSCRIBED_FROM_MARKETING
        : channel === 'email'
          ? 'Unsubscribed from email'
          : 'Unsubscribed from SMS';
    await settle(ledger, resource, id, 'skipped', { note });
    return { delivered: false, deliveryStatus: 'skipped', deliveryNote: note };
  }

  let externalId: string;
  const handOver = channel === 'email' && options.ledger && options.ledger !== manager ? await handOverMark(options.ledger, resource, id) : undefined;
  try {
    if (channel === 'email') {
      if (!channels.email) throw new Error('No email channel is configured');
      const email = composeEmail(record, channels.portalUrl, await patientTextsWithin(manager, enduser));
      ({ messageId: externalId } = await channels.email.send({
        to: address,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
        // The signed address brings the patient's reply back onto this thread; an automation's sender hears it too.
        replyTo: [channels.email.replyAddressFor?.(id), options.replyTo].filter(Boolean).join(', ') || undefined,
        idempotencyKey: id,
        businessId: String(record.businessId),
        // Leaves with the end-of-data mark: a row at handedOver means the server has the message, so a retry does not send it again.
        ...(handOver ? { atHandOver: handOver.mark } : {}),
      }));
    } else {
      if (!channels.sms) throw new Error('No SMS channel is configured');
      ({ messageId: externalId } = await channels.sms.send({ to: address, body: String(record.message ?? ''), idempotencyKey: id, businessId: String(record.businessId) }));
    }
  } catch (error) {
    await handOver?.done();
    const failure = new DeliveryError(channel, error);
    await settle(ledger, resource, id, 'failed', { note: failure.message });
    throw failure;
  }
  await handOver?.done();
  await settle(ledger, resource, id, 'sent', { externalId, ...(taken.resent ? { note: RESENT_IN_DOUBT_NOTE } : {}) });
  return sentOutcome(resource, record, externalId, now);
};
