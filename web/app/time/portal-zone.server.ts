import { isTimeZone } from '@carelane/automation';
import { requireOrganization } from '../organization.server';
import { browserTimeZone, viewerTimeZone } from './viewer-zone.server';

/**
 * A patient's clock (docs/decisions.md, "times on the viewer's clock"): their own `timezone`, else
 * the zone their browser reported, else the organization's, else UTC. Pure, for callers that hold
 * all three.
 */
export const patientClock = (enduser: Record<string, unknown> | undefined, browserZone: string | undefined, organization: { timezone?: unknown } | undefined) =>
  viewerTimeZone(enduser?.timezone, browserZone, organization?.timezone);

/**
 * The zone every portal page shows its times on, for the signed-in enduser of `request`. The
 * organization is looked up (from its short cache) only when neither the enduser nor the browser
 * names a zone; pass it when the caller already has it.
 */
export const portalTimeZone = async (request: Request, enduser: Record<string, unknown> | undefined, organization?: { timezone?: unknown }) => {
  const browserZone = browserTimeZone(request);
  if (isTimeZone(enduser?.timezone) || browserZone) return patientClock(enduser, browserZone, undefined);
  return patientClock(enduser, browserZone, organization ?? (await requireOrganization(request)));
};
