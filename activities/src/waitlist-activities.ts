import type { DataSource, EntityManager } from 'typeorm';
import { zoneFor, WAITLIST_HOLD_MINUTES, type FreedSlot, type WaitlistOffer } from '@carelane/automation';
import { calendarLockKey, waitlistTokenHash, WAITLIST_HOLDS, type WaitlistHoldRow } from '@carelane/db/internal/waitlist-holds';
import { deliverStoredMessage } from './channels/delivery';
import { deliveryChannels, type AutomationDeps } from './automation-action-context';
import { derivedId, emailRecord, smsRecord, type Row } from './automation-records';
import { attendeesOf } from './reminder-kinds';
import { heldLinkToken, waitlistOfferTexts } from './waitlist-offer-texts';
import { patientTextsWithin } from './patient-messages';
import { createRecordOnce, ownerOf, systemWithin, wholeBusiness, type AutomationOwner } from './worker-engine';

const ownerOfSlot = (slot: FreedSlot): AutomationOwner => ({ businessId: slot.businessId, organizationIds: slot.organizationIds });

/** Whether anything else now takes the freed time: an appointment of the staff member, or another offer's hold. */
const slotTaken = async (manager: EntityManager, slot: FreedSlot) => {
  const end = slot.startTimeInMS + slot.durationInMinutes * 60_000;
  // raw SQL: the same overlap availability reads (api/src/calendar/availability-data.ts) over the staff member's events and the internal holds table; scoped to the business by hand.
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM calendar_events e
       WHERE e."businessId" = $1 AND e."cancelledAt" IS NULL AND e."rescheduledAt" IS NULL
         AND e."startTimeInMS" < $4 AND e."startTimeInMS" + COALESCE(e."durationInMinutes", 0) * 60000 > $3
         AND e.attendees @> jsonb_build_array(jsonb_build_object('type', 'user', 'id', $2::text))
     UNION ALL
     SELECT 1 FROM ${WAITLIST_HOLDS} h
       WHERE h."businessId" = $1 AND h."userId" = $2 AND h.status = 'held' AND h."expiresAt" > now()
         AND h."startTimeInMS" < $4 AND h."startTimeInMS" + h."durationInMinutes" * 60000 > $3
     LIMIT 1`,
    [slot.businessId, slot.userId, slot.startTimeInMS, end],
  );
  return rows.length > 0;
};

/** The first waiting entry the slot fits (type, staff member, location, range), oldest first, not yet offered this slot, with a way to reach them. */
const firstMatch = async (manager: EntityManager, slot: FreedSlot, offered: string[]) => {
  const scoped = systemWithin(manager, ownerOfSlot(slot));
  const entries = await scoped.rows('waitlist_requests', {
    filter: { calendarEventTemplateId: slot.calendarEventTemplateId, status: 'waiting', fromTimeInMS: { _lte: slot.startTimeInMS }, toTimeInMS: { _gt: slot.startTimeInMS } },
    sort: 'oldFirst',
  });
  for (const entry of entries) {
    if (offered.includes(String(entry._id))) continue;
    if (entry.userId && entry.userId !== slot.userId) continue;
    if (entry.locationId && entry.locationId !== slot.locationId) continue;
    // The patient as the appointment's organization sees them: one it cannot see is not offered anything.
    const enduser = await scoped.byId('endusers', entry.enduserId as string);
    const address = entry.channel === 'SMS' ? enduser?.phone : enduser?.email;
    if (enduser && typeof address === 'string' && address) return { entry, enduser };
  }
  return undefined;
};

/** The hold this slot's offer made on an earlier attempt of the same activity (still held): offered again, not twice. */
const heldBefore = async (manager: EntityManager, slot: FreedSlot): Promise<WaitlistHoldRow | undefined> => {
  // raw SQL: the internal holds table; scoped to the business by hand.
  const rows: WaitlistHoldRow[] = await manager.query(
    `SELECT * FROM ${WAITLIST_HOLDS} WHERE "businessId" = $1 AND "freedEventId" = $2 AND "startTimeInMS" = $3 AND status = 'held' LIMIT 1`,
    [slot.businessId, slot.calendarEventId, slot.startTimeInMS],
  );
  return rows[0];
};

/** Records the offer on the patient's timeline (without the link) and sends it with the link, once. */
const offerSender = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) =>
  async function sendOffer(hold: WaitlistHoldRow) {
    const owner = ownerOf(hold as unknown as Row);
    const messageId = derivedId(hold._id, 'offer');
    const sending = await dataSource.transaction(async (manager) => {
      const scoped = systemWithin(manager, owner);
      // One after another: the transaction's one connection runs one query at a time (node-postgres
      // queued them with a deprecation warning; pg@9 refuses them).
      const entry = await scoped.byId('waitlist_requests', hold.waitlistRequestId);
      const enduser = await scoped.byId('endusers', hold.enduserId);
      const template = await scoped.byId('calendar_event_templates', hold.calendarEventTemplateId);
      const staff = await systemWithin(manager, wholeBusiness(hold.businessId)).byId('users', hold.userId);
      if (!entry || !enduser) return null;
      const organization = await systemWithin(manager, wholeBusiness(hold.businessId)).byId('organizations', owner.organizationIds.at(-1) ?? hold.businessId);
      const zone = zoneFor(entry.timezone, enduser.timezone, organization?.timezone);
      const words = await patientTextsWithin(manager, enduser);
      const texts = waitlistOfferTexts(words, {
        title: String(template?.displayTitle ?? template?.title ?? words.t('waitlistOffer.untitled')),
        when: words.when(Number(hold.startTimeInMS), zone),
        until: words.when(new Date(hold.expiresAt).getTime(), zone),
        staffName: staff ? [staff.fname, staff.lname].filter(Boolean).join(' ') || undefined : undefined,
        link: `${deliveryChannels(deps).portalUrl.replace(/\/$/, '')}/waitlist-offer/${heldLinkToken(hold._id)}`,
      });
      const useSms = entry.channel === 'SMS';
      const resource = useSms ? 'sms_messages' : 'emails';
      const stored = useSms
        ? smsRecord({ id: messageId, businessId: hold.businessId, enduserId: hold.enduserId, message: texts.storedSms })
        : emailRecord({ id: messageId, businessId: hold.businessId, enduserId: hold.enduserId, subject: texts.subject, textContent: texts.storedEmail });
      await createRecordOnce(manager, owner, resource, stored, { organizationIds: enduser.organizationIds as string[] });
      return { resource, sent: useSms ? { message: texts.sms } : { textContent: texts.email } } as const;
    });
    if (!sending) return;
    await dataSource.transaction(async (manager) => {
      const record = await systemWithin(manager, wholeBusiness(hold.businessId)).byId(sending.resource, messageId, { lock: true });
      if (!record || record.delivered) return;
      const outcome = await deliverStoredMessage(manager, deliveryChannels(deps), sending.resource, { ...record, ...sending.sent }, new Date(), { ledger: dataSource.manager });
      await systemWithin(manager, ownerOf(record)).updateOne(sending.resource, messageId, {}, { serverFields: { ...outcome } });
    });
  };

/**
 * The waitlist's activities (docs/decisions.md, "The waitlist"). They act within the freed
 * appointment's organization: only its patients' entries are matched and only they are written to.
 */
export const createWaitlistActivities = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) => {
  const sendOffer = offerSender({ dataSource, ...deps });

  return {
    /** The time an appointment freed (null: nothing to offer, the appointment gone, in the past or without staff or type). */
    async loadFreedSlot({ businessId, calendarEventId, startTimeInMS }: { businessId: string; calendarEventId: string; startTimeInMS: number }): Promise<FreedSlot | null> {
      const event = await systemWithin(dataSource.manager, wholeBusiness(businessId)).byId('calendar_events', calendarEventId);
      const userId = event ? attendeesOf(event, 'user')[0] : undefined;
      if (!event || !userId || typeof event.templateId !== 'string' || startTimeInMS <= Date.now()) return null;
      return {
        businessId,
        organizationIds: ownerOf(event).organizationIds,
        calendarEventId,
        userId,
        calendarEventTemplateId: event.templateId,
        locationId: typeof event.locationId === 'string' ? event.locationId : undefined,
        startTimeInMS,
        durationInMinutes: Number(event.durationInMinutes),
      };
    },

    /**
     * Offers the slot to the first matching waiting patient who has not had it: holds it for them
     * (hidden from everyone else's availability), marks their entry offered and sends the held link.
     * Answers null when the slot is taken meanwhile or nobody is left. A retried attempt finds its
     * own hold and sends the same link once (the delivery ledger keys the message).
     */
    async offerFreedSlot({ slot, offeredEntryIds }: { slot: FreedSlot; offeredEntryIds: string[] }): Promise<WaitlistOffer | null> {
      const owner = ownerOfSlot(slot);
      const prepared = await dataSource.transaction(async (manager) => {
        // raw SQL: advisory locks have no query-builder form; the same key bookings take (booking-guard.ts).
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [calendarLockKey(slot.businessId, slot.userId)]);
        const earlier = await heldBefore(manager, slot);
        if (earlier) return { hold: earlier };
        if (await slotTaken(manager, slot)) return null;
        const match = await firstMatch(manager, slot, offeredEntryIds);
        if (!match) return null;
        const { entry, enduser } = match;
        const holdId = derivedId(slot.calendarEventId, `waitlist:${slot.startTimeInMS}:${String(entry._id)}`);
        const expiresAt = new Date(Date.now() + WAITLIST_HOLD_MINUTES * 60_000);
        const hold: WaitlistHoldRow = {
          _id: holdId,
          businessId: slot.businessId,
          // The freed appointment's organization acts for the hold, its offer and its booking.
          organizationIds: slot.organizationIds,
          waitlistRequestId: String(entry._id),
          enduserId: String(enduser._id),
          userId: slot.userId,
          calendarEventTemplateId: slot.calendarEventTemplateId,
          locationId: slot.locationId ?? null,
          bookingPageId: (entry.bookingPageId as string | undefined) ?? null,
          startTimeInMS: slot.startTimeInMS,
          durationInMinutes: slot.durationInMinutes,
          freedEventId: slot.calendarEventId,
          tokenHash: waitlistTokenHash(heldLinkToken(holdId)),
          status: 'held',
          expiresAt,
          calendarEventId: null,
          createdAt: new Date(),
        };
        // raw SQL: the internal holds table (no generic resource); the id is derived, so a retry inserts nothing new.
        await manager.query(
          `INSERT INTO ${WAITLIST_HOLDS} ("_id", "businessId", "organizationIds", "waitlistRequestId", "enduserId", "userId", "calendarEventTemplateId", "locationId", "bookingPageId",
             "startTimeInMS", "durationInMinutes", "freedEventId", "tokenHash", status, "expiresAt") VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT ("_id") DO NOTHING`,
          [hold._id, hold.businessId, JSON.stringify(hold.organizationIds), hold.waitlistRequestId, hold.enduserId, hold.userId, hold.calendarEventTemplateId, hold.locationId, hold.bookingPageId,
            hold.startTimeInMS, hold.durationInMinutes, hold.freedEventId, hold.tokenHash, hold.status, hold.expiresAt],
        );
        await systemWithin(manager, owner).updateOne('waitlist_requests', String(entry._id), {}, { serverFields: { status: 'offered', offeredUntil: expiresAt } });
        return { hold };
      });
      if (!prepared) return null;
      await sendOffer(prepared.hold);
      return { holdId: prepared.hold._id, waitlistRequestId: prepared.hold.waitlistRequestId };
    },

    /**
     * After the hold's time: 'booked' when the patient took it through the link; otherwise the hold
     * expires (its link then says the time is no longer available) and the patient waits on.
     */
    async settleWaitlistHold({ businessId, holdId }: { businessId: string; holdId: string }): Promise<'booked' | 'expired'> {
      return dataSource.transaction(async (manager) => {
        // raw SQL: a conditional update decides between the expiry and a claim of the link racing it (the claim updates the same row).
        const result = await manager.query(`UPDATE ${WAITLIST_HOLDS} SET status = 'expired' WHERE _id = $1 AND "businessId" = $2 AND status = 'held' RETURNING *`, [holdId, businessId]);
        const [expired] = (Array.isArray(result[0]) ? result[0] : result) as WaitlistHoldRow[];
        if (!expired) {
          // raw SQL: the internal holds table; scoped to the business by hand.
          const [row] = (await manager.query(`SELECT status FROM ${WAITLIST_HOLDS} WHERE _id = $1 AND "businessId" = $2`, [holdId, businessId])) as { status: string }[];
          return row?.status === 'booked' ? 'booked' : 'expired';
        }
        const scoped = systemWithin(manager, ownerOf(expired as unknown as Row));
        const entry = await scoped.byId('waitlist_requests', expired.waitlistRequestId, { lock: true });
        if (entry?.status === 'offered') await scoped.updateOne('waitlist_requests', expired.waitlistRequestId, {}, { serverFields: { status: 'waiting', offeredUntil: null } });
        return 'expired';
      });
    },
  };
};

export type WaitlistActivities = ReturnType<typeof createWaitlistActivities>;
