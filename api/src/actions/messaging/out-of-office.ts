import { availability_blocks, chats, emails, endusers, organizations, sms_messages, users, type ResourceDefinition } from '@carelane/db';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { MESSAGE_DELIVERIES } from '@carelane/db/internal/outgoing-messages';
import { systemCaller, type Caller, type TransactionEngine } from '@carelane/engine';
import { isOutOfOffice, type WeeklyBlock } from './office-hours';

export type AutoreplyChannel = 'Email' | 'SMS' | 'Chat';

export interface AutoreplyAsk {
  channel: AutoreplyChannel;
  enduserId: string;
  /** The chat room, for the Chat channel. */
  threadId?: string;
  /** The staff member whose own setting and weekly hours decide (else the organization's); the reply is theirs. */
  userId?: string;
}

type Row = Record<string, unknown>;

/**
 * Whose hours decide: the staff member's own (autoReplyEnabled: their weeklyAvailabilities and their
 * dated days off and extra hours) when they turned autoreply on, else the organization's
 * (settings.endusers.autoReplyEnabled of the patient's organization; its office hours and closed days
 * are the availability blocks of entity 'organization', its own when it has some, else the business
 * root's, on its clock, else the root's); undefined when neither has autoreply on.
 */
const hoursThatDecide = async (tx: TransactionEngine, system: Caller, organization: Row, user: Row | undefined) => {
  const blocksOf = (entity: 'user' | 'organization', entityId: string) => tx.rows(availability_blocks, system, { filter: { entity, entityId } }) as unknown as Promise<WeeklyBlock[]>;
  // The first zone set, else the business root's (read only when needed).
  const zoneOf = async (...zones: unknown[]) => {
    const set = zones.find((zone): zone is string => typeof zone === 'string' && zone !== '');
    if (set) return set;
    const root = await tx.row(organizations, system, { _id: system.businessId });
    return typeof root?.timezone === 'string' ? root.timezone : undefined;
  };
  if (user?.autoReplyEnabled === true) {
    const weekly = (user.weeklyAvailabilities as WeeklyBlock[] | undefined) ?? [];
    return { blocks: [...weekly, ...(await blocksOf('user', String(user._id)))], timezone: await zoneOf(user.timezone, organization.timezone) };
  }
  const settings = ((organization.settings as Row | undefined)?.endusers ?? {}) as Row;
  if (settings.autoReplyEnabled !== true) return undefined;
  const own = await blocksOf('organization', String(organization._id));
  const blocks = own.length || organization._id === system.businessId ? own : await blocksOf('organization', system.businessId);
  return { blocks, timezone: await zoneOf(organization.timezone) };
};

/**
 * Sends the out-of-office reply in `tx` when autoreply is on and no office hours cover now (the
 * hours that decide: hoursThatDecide), at most one an hour per patient and channel, claimed in the
 * delivery ledger (the claim commits with the reply or not at all). The reply is an ordinary message
 * written by `actor` (placed where the actor is), in the patient's language, from `ask.userId`, else
 * `sender` (a staff member's id; none for a text or email from the organization), sent by its
 * channel's own rules. Answers whether it went out.
 */
export const autoreplyIfAway = async (tx: TransactionEngine, actor: Caller, organizationId: string, ask: AutoreplyAsk, sender: string | undefined, now = new Date()) => {
  const businessId = actor.businessId;
  const system = systemCaller(businessId);
  const organization = await tx.row(organizations, system, { _id: organizationId });
  if (!organization) return false;
  const user = ask.userId ? await tx.row(users, system, { _id: ask.userId }) : undefined;
  const hours = await hoursThatDecide(tx, system, organization, user ?? undefined);
  if (!hours || !isOutOfOffice(hours.blocks, now, hours.timezone)) return false;

  // One autoreply an hour per patient and channel, whichever request asks first (a second waits for the first's commit).
  // raw SQL: the delivery ledger is an internal table, not a resource.
  const claimed: unknown[] = await tx.manager.query(
    `INSERT INTO "${MESSAGE_DELIVERIES}" ("key", "businessId", "resource", "recordId", "status", "channel", "attempts")
     VALUES ($1, $2, 'autoreply', $3, 'sent', $4, 1)
     ON CONFLICT ("key") DO UPDATE SET "updatedAt" = now(), "attempts" = "${MESSAGE_DELIVERIES}"."attempts" + 1
       WHERE "${MESSAGE_DELIVERIES}"."updatedAt" < now() - interval '1 hour'
     RETURNING "key"`,
    [`autoreply:${businessId}:${ask.enduserId}:${ask.channel}`, businessId, ask.enduserId, ask.channel],
  );
  if (!claimed.length) return false;

  const from = user ? String(user._id) : sender;
  const write = (definition: ResourceDefinition, fields: Row) => tx.createOne(definition, actor, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
  // In the patient's language (issue #38): the business's system reads only their language and organizations.
  const [patient] = await tx.rows(endusers, system, { filter: { _id: ask.enduserId }, limit: 1 });
  const texts = await patientTextsWithin(tx.manager, patient);
  const message = texts.t('autoreply.message');
  if (ask.channel === 'Email') await write(emails, { enduserId: ask.enduserId, userId: from, subject: texts.t('autoreply.subject'), textContent: message });
  else if (ask.channel === 'SMS') await write(sms_messages, { enduserId: ask.enduserId, userId: from, message });
  else await write(chats, { roomId: ask.threadId, senderId: from, message });
  return true;
};
