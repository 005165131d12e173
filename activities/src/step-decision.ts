import type { EntityManager } from 'typeorm';
import { explainEnduserMatch, explainJourneyConditions } from '@carelane/automation';
import { recordDecisions } from '@carelane/db/internal/automation-decisions';
import type { Row } from './automation-records';

const hasRules = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value && typeof value === 'object' && Object.keys(value).length > 0));

/**
 * Whether a due step's conditions hold for the enduser (its journey state conditions, then its
 * enduser conditions), recorded with why when the step has any ("Why it fired",
 * db/src/internal/automation-decisions.ts). Recorded in the step's own transaction, once per attempt
 * at the action (a retry of the same attempt records nothing new).
 */
export const checkStepConditions = async (manager: EntityManager, row: Row, step: Row, enduser: Row): Promise<boolean> => {
  const journeyVerdict = explainJourneyConditions(step.conditions, enduser.journeys);
  const verdict = journeyVerdict.met ? explainEnduserMatch(enduser, step.enduserConditions) : journeyVerdict;
  if (!hasRules(step.conditions) && !hasRules(step.enduserConditions)) return verdict.met;
  await recordDecisions(manager, [
    {
      key: `step:${row._id}:${Number(row.progress?.retries ?? 0)}`,
      businessId: String(row.businessId),
      enduserId: String(row.enduserId),
      kind: 'step',
      journeyId: String(row.journeyId),
      automationStepId: String(row.automationStepId),
      fired: verdict.met,
      reason: verdict.met ? 'all conditions held' : verdict.failed!,
    },
  ]);
  return verdict.met;
};
