import type { EntityManager } from 'typeorm';
import { afterQuietHours, isTimeZone, JOURNEY_ACTIONS, type CatalogueEntry } from '@carelane/automation';
import type { Row } from './automation-records';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

/** Where an organization turns quiet hours on: `settings.automations.quietHours` (docs/decisions.md, "Quiet hours"). */
const quietHoursSetting = (organization: Row | undefined) => (organization?.settings as { automations?: { quietHours?: unknown } } | null)?.automations?.quietHours;

/**
 * When a journey step that emails or texts the patient may go out, if the organization's quiet hours
 * hold it: the next 08:00 on the patient's clock. The setting and the fallback zone are the nearest
 * organization's that says, from the journey's own up to the business's root. Undefined when the
 * step goes at its time: not a message to the patient, quiet hours off, outside them, or no zone known
 * for the patient (neither theirs nor their organization's).
 */
export const quietHoursHold = async (manager: EntityManager, input: { businessId: string; journeyId: string; enduserId: string; actionType: string; processAfter: number }) => {
  if (!(JOURNEY_ACTIONS as Record<string, CatalogueEntry | undefined>)[input.actionType]?.reachesPatient) return undefined;
  const business = systemWithin(manager, wholeBusiness(input.businessId));
  const journey = await business.byId('journeys', input.journeyId);
  if (!journey) return undefined;
  const owner = ownerOf(journey);
  const chain = [input.businessId, ...owner.organizationIds];
  const organizations = await business.rows('organizations', { filter: { _id: { _in: chain } } });
  const nearest = <T>(read: (organization: Row) => T | undefined) =>
    chain
      .map((id) => organizations.find((organization) => organization._id === id))
      .map((organization) => (organization ? read(organization) : undefined))
      .filter((value) => value !== undefined && value !== null)
      .at(-1);
  if (nearest(quietHoursSetting) !== true) return undefined;
  const enduser = await systemWithin(manager, owner).byId('endusers', input.enduserId);
  const zone = [enduser?.timezone, nearest((organization) => (isTimeZone(organization.timezone) ? organization.timezone : undefined))].find(isTimeZone);
  if (!zone) return undefined;
  const release = afterQuietHours(input.processAfter, zone);
  return release > input.processAfter ? release : undefined;
};
