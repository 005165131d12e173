import type { DataSource } from 'typeorm';
import { derivedId, recordBackgroundError } from '@carelane/activities/automation-records';

/**
 * Staff whose weekly hours no zone applies to are still offered (in UTC, so booking keeps working),
 * but never silently: each gets one background error for staff to see (docs/decisions.md,
 * "Availability: whose clock"). The id is derived from the user's, so however many availability
 * calls see them it is written once; this process also remembers whom it reported, so later calls
 * skip the write entirely.
 */

export const HOURS_WITHOUT_TIMEZONE_TITLE = 'Working hours without a time zone';

const reported = new Set<string>();

/** The background error's id for this user: the same user always gives the same id. */
export const hoursWithoutTimezoneErrorId = (userId: string) => derivedId(userId, 'hours-without-timezone');

const nameOf = (user: { displayName: string | null; fname: string | null; lname: string | null; email: string | null }) =>
  user.displayName?.trim() || [user.fname, user.lname].filter(Boolean).join(' ').trim() || user.email || 'A staff member';

export const reportHoursWithoutTimezone = async (dataSource: DataSource, businessId: string, userIds: string[]) => {
  const fresh = userIds.filter((id) => !reported.has(`${businessId}:${id}`));
  if (fresh.length === 0) return;
  await dataSource.transaction(async (manager) => {
    // raw SQL: the names and places of staff the caller (often a patient) may not read through the engine; nothing read here is answered.
    const users: { _id: string; displayName: string | null; fname: string | null; lname: string | null; email: string | null; organizationIds: string[] | null }[] =
      await manager.query(`SELECT _id, "displayName", fname, lname, email, "organizationIds" FROM users WHERE "businessId" = $1 AND _id = ANY($2::text[])`, [businessId, fresh]);
    for (const user of users) {
      const name = nameOf(user);
      await recordBackgroundError(manager, {
        id: hoursWithoutTimezoneErrorId(user._id),
        businessId,
        title: HOURS_WITHOUT_TIMEZONE_TITLE,
        message:
          `${name}'s working hours are offered in UTC because no time zone applies to them: ` +
          `set a time zone on ${name}'s profile, on the locations their hours name, or on their organization.`,
        // Placed with the staff member, so their own organization's Admins see it.
        organizationIds: Array.isArray(user.organizationIds) ? user.organizationIds : [],
      });
    }
  });
  for (const id of fresh) reported.add(`${businessId}:${id}`);
};
