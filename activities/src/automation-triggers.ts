import type { DataSource } from 'typeorm';
import { explainEnduserMatch } from '@carelane/automation';
import { recordDecisions } from '@carelane/db/internal/automation-decisions';
import { addTags, changeCareTeam, leaveJourneys, lockEnduser, removeTags, setFields } from './automation-enduser';
import { visible } from './automation-action-context';
import { derivedId, recordBackgroundError, type Row } from './automation-records';
import { addToWaitlist } from './automation-waitlist';
import { renderTemplate } from './automation-template';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';
import type { AutomationEffects, TriggerResult } from '@carelane/automation';

/** Tags may name enduser values ('{{enduser.fname}}'); one that renders empty is left out. */
const renderTags = (tags: unknown, enduser: Row): string[] => {
  const values = Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  if (!values.some((tag) => tag.includes('{{'))) return values;
  const context = { enduser: visible('endusers', enduser) };
  return values.map((tag) => (tag.includes('{{') ? renderTemplate(tag, context).trim() : tag)).filter(Boolean);
};

/**
 * The action of an automation trigger (status Active) for one enduser, in one transaction. Journey
 * starts and cancellations are handed back as effects for the workflow to carry out.
 */
export const createTriggerActivities = ({ dataSource }: { dataSource: DataSource }) => ({
  async applyTrigger({
    businessId,
    triggerId,
    enduserId,
    recordId,
  }: {
    businessId: string;
    triggerId: string;
    enduserId: string;
    recordId: string;
  }): Promise<TriggerResult> {
    return dataSource.transaction(async (manager) => {
      const trigger = await systemWithin(manager, wholeBusiness(businessId)).byId('automation_triggers', triggerId);
      if (!trigger) return { status: 'gone' };
      if (trigger.status !== 'Active') return { status: 'inactive' };
      // From here on the trigger acts as its organization: a patient it cannot see is not found.
      const owner = ownerOf(trigger);
      const data = systemWithin(manager, owner);
      const enduser = await lockEnduser(manager, owner, enduserId);
      if (!enduser) return { status: 'gone' };
      const verdict = explainEnduserMatch(enduser, trigger.enduserCondition);
      if (!verdict.met) {
        // The dispatcher judged the change as it left the patient; by the time the run began another change had undone it ("Why it fired").
        await recordDecisions(manager, [{ key: `trigger-run:${recordId}`, businessId, enduserId, kind: 'trigger', triggerId, fired: false, reason: verdict.failed! }]);
        return { status: 'conditions-not-met' };
      }
      const action = (trigger.action ?? {}) as { type?: string; info?: Row };
      const info = action.info ?? {};
      const effects: AutomationEffects = {};
      switch (action.type) {
        case 'Add To Journey':
          if (await data.byId('journeys', info.journeyId)) effects.startJourneys = [info.journeyId];
          break;
        case 'Remove From Journey':
          effects.cancelJourneys = await leaveJourneys(manager, owner, enduser, [info.journeyId]);
          break;
        case 'Remove From All Journeys':
          effects.cancelJourneys = await leaveJourneys(manager, owner, enduser);
          break;
        case 'Add Tags':
          await addTags(manager, owner, enduser, renderTags(info.tags, enduser), Boolean(info.replaceExisting));
          break;
        case 'Remove Tags':
          await removeTags(manager, owner, enduser, info.tags ?? []);
          break;
        case 'Set Fields':
          await setFields(manager, owner, enduser, info.fields ?? []);
          break;
        case 'Assign Care Team':
        case 'Remove Care Team':
          // Staff named directly; the reference client's staff tags name nobody here (staff carry no tags), so a trigger with only tags is reported below.
          if (Array.isArray(info.userIds) && info.userIds.length) {
            await changeCareTeam(manager, owner, enduser, info.userIds.filter((id: unknown): id is string => typeof id === 'string'), action.type === 'Assign Care Team');
            break;
          }
          await recordBackgroundError(manager, {
            id: derivedId(recordId, 'unsupported'),
            businessId,
            enduserId,
            title: 'Automation trigger not carried out',
            message: `The trigger "${trigger.title}" names its care team by staff tags, which staff do not carry here: pick the staff by name.`,
            organizationIds: trigger.organizationIds,
          });
          break;
        case 'Add to Waitlist': {
          const skipped = await addToWaitlist(manager, owner, enduser, info.waitlistId, derivedId(recordId, 'waitlist'));
          if (skipped) {
            await recordBackgroundError(manager, {
              id: derivedId(recordId, 'unsupported'),
              businessId,
              enduserId,
              title: 'Automation trigger not carried out',
              message: `The trigger "${trigger.title}" did not add the patient to the waitlist: ${skipped}.`,
              organizationIds: trigger.organizationIds,
            });
          }
          break;
        }
        case 'Move To Step':
          // Nothing to write: journeys waiting for this trigger (waitForTrigger) are signalled.
          break;
        default:
          await recordBackgroundError(manager, {
            id: derivedId(recordId, 'unsupported'),
            businessId,
            enduserId,
            title: 'Automation trigger not carried out',
            message: `The trigger "${trigger.title}" asks for '${action.type}', which this platform does not carry out yet.`,
            organizationIds: trigger.organizationIds,
          });
      }
      // Which triggers acted on the enduser (the reference client's Enduser.triggerIds).
      const triggerIds = (enduser.triggerIds as string[] | null) ?? [];
      if (!triggerIds.includes(triggerId)) {
        await data.updateOne('endusers', enduserId, {}, { serverFields: { triggerIds: [...triggerIds, triggerId] } });
      }
      return { status: 'applied', effects, enduserJourneys: Object.keys((enduser.journeys as Record<string, string> | null) ?? {}) };
    });
  },
});

export type TriggerActivities = ReturnType<typeof createTriggerActivities>;
