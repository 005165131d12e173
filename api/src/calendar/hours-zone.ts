import { IANAZone } from 'luxon';

/**
 * Whose clock a staff member's weekly hours are read on (docs/decisions.md, "Availability: whose
 * clock"): the staff member's own zone; else, for hours naming a location, the location's; else
 * their organization's (their own, then each one above it, then the business root's). Hours with
 * none of these are read in UTC, and the caller reports the staff member (never silently).
 * Pure: the zones are passed in, already loaded.
 */

export const FALLBACK_TIMEZONE = 'UTC';

export type ZoneSource = 'user' | 'location' | 'organization' | 'none';

export interface HoursZoneContext {
  /** users.timezone */
  userTimezone?: string;
  /** The zone of the staff member's own organization, else the nearest above it that has one. */
  organizationTimezone?: string;
  /** The business root's zone (organizations.timezone of businessId). */
  defaultTimezone?: string;
  /** appointment_locations.timezone by location id. */
  locationTimezones?: Readonly<Record<string, string | undefined>>;
}

/**
 * Luxon checks a zone name by building an Intl.DateTimeFormat (about 0.3 ms), and every window of
 * every user asks: the answers are remembered (zone names are few; the memory is dropped if junk
 * names ever fill it).
 */
const checked = new Map<string, boolean>();
export const validZone = (zone: string | undefined | null) => {
  if (!zone) return undefined;
  let valid = checked.get(zone);
  if (valid === undefined) {
    if (checked.size >= 1000) checked.clear();
    valid = IANAZone.isValidZone(zone);
    checked.set(zone, valid);
  }
  return valid ? zone : undefined;
};

/** The zone one weekly window (with or without a locationId) is read in, and where it came from. */
export const hoursZone = (context: HoursZoneContext, locationId?: string): { zone: string; source: ZoneSource } => {
  const own = validZone(context.userTimezone);
  if (own) return { zone: own, source: 'user' };
  const location = locationId ? validZone(context.locationTimezones?.[locationId]) : undefined;
  if (location) return { zone: location, source: 'location' };
  const organization = validZone(context.organizationTimezone) ?? validZone(context.defaultTimezone);
  if (organization) return { zone: organization, source: 'organization' };
  return { zone: FALLBACK_TIMEZONE, source: 'none' };
};

/**
 * The organization zone of a member at `organizationIds` (root first, their own last): their own
 * organization's, else the nearest one above that has a valid zone; the root's is the caller's
 * `defaultTimezone`.
 */
export const nearestOrganizationZone = (organizationIds: readonly string[], zones: ReadonlyMap<string, string | undefined>) => {
  for (let i = organizationIds.length - 1; i >= 0; i--) {
    const zone = validZone(zones.get(organizationIds[i]));
    if (zone) return zone;
  }
  return undefined;
};
