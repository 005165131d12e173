import { automation_steps, automation_triggers, endusers, journeys, validators } from '@carelane/db';
import { decisionsOf } from '@carelane/db/internal/automation-decisions';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Optional, S } from '../input';
import { actionSentences, readableByIds } from '../outbox/step-sentences';

export const NAME_A_PATIENT_OR_JOURNEY = 'Name a patient (enduserId) or a journey (journeyId)';

class AutomationDecisionsInput {
  @Optional(validators.id, S.id)
  enduserId?: string;

  @Optional(validators.id, S.id)
  journeyId?: string;
}

type Row = Record<string, any>;

/**
 * GET /automation-decisions { enduserId?, journeyId? } (staff) answers { decisions }: "why it
 * fired" for the last 30 days, newest first: each trigger evaluation and step-condition check for
 * the patient (or for the journey's patients), whether it fired, and why, with the trigger, journey
 * and step by name. Only patients the caller may read: a named patient is read first (refused like
 * the record), and a journey's decisions keep only the patients the engine lets the caller read.
 */
export const automationDecisions = defineAction({
  method: 'get',
  path: '/automation-decisions',
  auth: 'user',
  input: AutomationDecisionsInput,
  readOnly: true,
  handler: async ({ services, caller }, input) => {
    if (!input.enduserId && !input.journeyId) throw badRequest(NAME_A_PATIENT_OR_JOURNEY);
    if (input.enduserId) await services.engine.getOne(endusers, caller, input.enduserId);
    if (input.journeyId) await services.engine.getOne(journeys, caller, input.journeyId);
    const rows = await decisionsOf(services.dataSource, caller.businessId, { enduserId: input.enduserId, journeyId: input.journeyId });
    const patients = await readableByIds(services, caller, endusers, rows.map((row) => row.enduserId));
    const seen = rows.filter((row) => patients.has(row.enduserId));
    const [triggers, journeyNames, steps] = await Promise.all([
      readableByIds(services, caller, automation_triggers, seen.map((row) => row.triggerId)),
      readableByIds(services, caller, journeys, seen.map((row) => row.journeyId)),
      readableByIds(services, caller, automation_steps, seen.map((row) => row.automationStepId)),
    ]);
    const sentences = await actionSentences(services, caller, seen.map((row) => steps.get(String(row.automationStepId))?.action as Row | undefined));
    return {
      decisions: seen.map((row, index) => ({
        id: row._id,
        kind: row.kind,
        enduserId: row.enduserId,
        fired: row.fired,
        reason: row.reason,
        at: new Date(row.createdAt).toISOString(),
        ...(row.triggerId ? { triggerId: row.triggerId, trigger: triggers.get(row.triggerId)?.title ?? 'A trigger no longer listed' } : {}),
        ...(row.journeyId ? { journeyId: row.journeyId, journey: journeyNames.get(row.journeyId)?.title ?? 'A journey no longer listed' } : {}),
        ...(row.automationStepId ? { step: steps.has(row.automationStepId) ? sentences[index] : 'A step no longer listed' } : {}),
      })),
    };
  },
});
