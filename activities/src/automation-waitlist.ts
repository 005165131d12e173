import type { EntityManager } from 'typeorm';
import { placeOnWaitlist, reachesOn, type WaitlistChannel } from '@carelane/db';
import { ownerOf, systemWithin, type AutomationOwner } from './worker-engine';
import type { Row } from './automation-records';

/** How long a patient an 'Add to Waitlist' trigger places waits for (docs/decisions.md, "Add to Waitlist triggers"). */
export const TRIGGER_WAITLIST_DAYS = 30;

/**
 * 'Add to Waitlist' (waitlistId is the appointment type's id, docs/decisions.md "Waitlist triggers"):
 * the patient waits for that type over the next TRIGGER_WAITLIST_DAYS days, offered times by email,
 * else by text. The type must be one the trigger's organization sees; the request is placed where
 * the patient is, as join-waitlist places it, by the same rules (placeOnWaitlist): so the type must
 * also be one the patient's organization sees (a patient waits only for types offered where they
 * are). Answers why nothing was written, or undefined when the patient now waits. `id` keeps a
 * retried run to one request.
 */
export const addToWaitlist = async (
  manager: EntityManager,
  owner: AutomationOwner,
  enduser: Row,
  templateId: unknown,
  id: string,
  now = Date.now(),
): Promise<string | undefined> => {
  const type = await systemWithin(manager, owner).byId('calendar_event_templates', typeof templateId === 'string' ? templateId : null);
  if (!type) return 'its appointment type no longer exists or is not visible to the trigger';
  const channel: WaitlistChannel | undefined = reachesOn(enduser, 'Email') ? 'Email' : reachesOn(enduser, 'SMS') ? 'SMS' : undefined;
  if (!channel) return 'the patient has no email address or phone number to be offered times on';
  // The patient was found within the owner's view, so their own place lies within it too.
  const patientPlace = systemWithin(manager, ownerOf(enduser));
  if (!(await patientPlace.byId('calendar_event_templates', String(type._id)))) return `'${String(type.title)}' is not offered in the patient's organization`;
  if (await patientPlace.byId('waitlist_requests', id)) return undefined;
  const writer = {
    rows: patientPlace.bound.rows,
    createOne: (_definition: unknown, input: Row, serverFields?: Row) => patientPlace.createOnce('waitlist_requests', id, input, serverFields),
  };
  const placed = await placeOnWaitlist(
    writer,
    {
      enduserId: String(enduser._id),
      calendarEventTemplateId: String(type._id),
      fromTimeInMS: now,
      toTimeInMS: now + TRIGGER_WAITLIST_DAYS * 86_400_000,
      channel,
      timezone: typeof enduser.timezone === 'string' ? enduser.timezone : undefined,
    },
  );
  return 'alreadyWaiting' in placed ? `the patient already waits for '${String(type.title)}'` : undefined;
};
