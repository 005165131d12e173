import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import type { ResourceEngine } from '@carelane/engine';
import { calendarLockKey } from '@carelane/db/internal/waitlist-holds';

/**
 * Booking's check runs inside the engine's own insert transaction (a calendar_events beforeCreate
 * hook), so the slot check and the insert commit together: the check takes a transaction-scoped
 * advisory lock on the booked user first, and a second booking of the same user waits until the first
 * commits, then sees its event. Never check-then-insert across two transactions.
 *
 * The check reaches the hook through AsyncLocalStorage: only the create started by book-appointment
 * carries one; every other calendar_events create passes untouched.
 */
export type BookingCheck = (manager: EntityManager) => Promise<void>;

const pending = new AsyncLocalStorage<BookingCheck>();
const guarded = new WeakSet<ResourceEngine>();

/** Registers the hook once per engine (no change to the shared hook wiring). */
const ensureGuard = (engine: ResourceEngine) => {
  if (guarded.has(engine)) return;
  guarded.add(engine);
  engine.hooks.register('calendar_events', {
    beforeCreate: async (_record, { manager }) => {
      const check = pending.getStore();
      if (check) await check(manager);
    },
  });
};

/** Runs `create` (an engine.createOne of calendar_events) with `check` inside its transaction. */
export const withBookingCheck = <T>(engine: ResourceEngine, check: BookingCheck, create: () => Promise<T>) => {
  ensureGuard(engine);
  let used = false;
  return pending.run(async (manager) => {
    // One check per booking: hooks of nested creates (none today) must not run it again.
    if (used) return;
    used = true;
    await check(manager);
  }, create);
};

/** Serialises bookings (and waitlist offers and claims) of one user within the current transaction (released at commit or rollback). */
export const lockUserCalendar = (manager: EntityManager, businessId: string, userId: string) =>
  // raw SQL: advisory locks have no query-builder form
  manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [calendarLockKey(businessId, userId)]);
