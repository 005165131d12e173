import { createHash } from 'node:crypto';
import { EntitySchema } from 'typeorm';

/**
 * A freed time held for one waitlist entry while its offer is out (docs/decisions.md, "The
 * waitlist"). Internal: no generic routes; staff see the offer on the entry (status 'offered',
 * offeredUntil). The held link's token is stored only as its SHA-256 hash. Booking through the link
 * is one conditional update of the row (status 'held' to 'booked'), so two claims cannot both win.
 *
 * status: 'held' (the offer is out), 'booked' (taken through the link), 'expired' (not taken in
 * time), 'withdrawn' (the time was taken otherwise before the offer was answered).
 */
export interface WaitlistHoldRow {
  _id: string;
  businessId: string;
  organizationIds: string[];
  waitlistRequestId: string;
  enduserId: string;
  /** The staff member whose time is held. */
  userId: string;
  calendarEventTemplateId: string;
  locationId: string | null;
  bookingPageId: string | null;
  startTimeInMS: number;
  durationInMinutes: number;
  /** The cancelled or moved appointment that freed the time. */
  freedEventId: string;
  tokenHash: string;
  status: 'held' | 'booked' | 'expired' | 'withdrawn';
  expiresAt: Date;
  calendarEventId: string | null;
  createdAt: Date;
}

export const WAITLIST_HOLDS = 'waitlist_holds';

/** How long an offered time is held for the patient it is offered to. */
export { WAITLIST_HOLD_MINUTES } from '@carelane/automation';

export const WaitlistHoldEntity = new EntitySchema<WaitlistHoldRow>({
  name: WAITLIST_HOLDS,
  tableName: WAITLIST_HOLDS,
  columns: {
    _id: { type: 'varchar', length: 24, primary: true },
    businessId: { type: 'varchar', length: 24 },
    organizationIds: { type: 'jsonb', default: () => `'[]'` },
    waitlistRequestId: { type: 'varchar', length: 24 },
    enduserId: { type: 'varchar', length: 24 },
    userId: { type: 'varchar', length: 24 },
    calendarEventTemplateId: { type: 'varchar', length: 24 },
    locationId: { type: 'varchar', length: 24, nullable: true },
    bookingPageId: { type: 'varchar', length: 24, nullable: true },
    startTimeInMS: { type: 'double precision' },
    durationInMinutes: { type: 'double precision' },
    freedEventId: { type: 'varchar', length: 24 },
    tokenHash: { type: 'varchar', length: 64 },
    status: { type: 'varchar', length: 20 },
    expiresAt: { type: 'timestamptz' },
    calendarEventId: { type: 'varchar', length: 24, nullable: true },
    createdAt: { type: 'timestamptz', createDate: true },
  },
  indices: [
    { name: 'IDX_waitlist_holds_active', columns: ['businessId', 'userId', 'status', 'startTimeInMS'] },
    { name: 'IDX_waitlist_holds_request', columns: ['businessId', 'waitlistRequestId'] },
  ],
  uniques: [{ name: 'UQ_waitlist_holds_token', columns: ['tokenHash'] }],
});

/** The stored form of a held link's token. */
export const waitlistTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The advisory lock key that serialises everything deciding one staff member's time: bookings
 * (api/src/calendar/booking-guard.ts), offers and claims of held times.
 */
export const calendarLockKey = (businessId: string, userId: string) => `calendar:${businessId}:${userId}`;
