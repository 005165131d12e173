import { automated_actions, endusers, enduser_status_updates, journeys, isId } from '@carelane/db';
import { badRequest } from '../../errors';
import { MAX_LIMIT } from '@carelane/engine';
import { SIGNALS } from '@carelane/workflows/constants';
import { defineAction } from '../action';
import { CheckedByHandler, S } from '../input';

/**
 * DELETE /journey/:id/states with { states }: removes states from a journey. Endusers standing in a
 * removed state move to the journey's default state, each move recorded as a status update, and
 * pending steps that would set a removed state are cancelled. The journey's own rules still hold
 * ('defaultState does not exist in states' when it would be removed).
 */
/** { states }: the names to remove (any other shape is 'Value not provided for required field: states'). */
const stateNames = (value: unknown) => {
  if (!Array.isArray(value) || value.some((state) => typeof state !== 'string')) throw badRequest('Value not provided for required field: states');
  return value as string[];
};

class DeleteJourneyStatesInput {
  // Checked after the path's id, as before.
  @CheckedByHandler(S.listOf({ type: 'string' }), { required: true })
  states!: unknown;
}

export const deleteJourneyStates = defineAction({
  method: 'delete',
  path: '/journey/:id/states',
  auth: 'user',
  input: DeleteJourneyStatesInput,
  handler: async ({ services, caller, req }, input) => {
    const id = String(req.params.id);
    if (!isId(id)) throw badRequest('Error parsing field id: Invalid id');
    const states = stateNames(input.states);
    const journey = await services.engine.getOne(journeys, caller, id);
    const remaining = ((journey.states as { name: string }[] | undefined) ?? []).filter((state) => !states.includes(state.name));
    const updated = await services.engine.updateOne(journeys, caller, id, { states: remaining }, { replaceObjectFields: true });
    const defaultState = updated.defaultState as string;

    // Each move is a status update created through the engine, which moves the enduser (api/src/hooks/journey-status.ts):
    // every enduser of the business standing in a removed state moves, whoever asks, and each move is a change the
    // dispatcher, webhooks and realtime see.
    const system = services.engine.system(caller.businessId);
    const actor = { type: 'user' as const, id: caller.id };
    await services.engine.transaction(async (tx) => {
      // A page at a time: the moved no longer match, so the next page is the next endusers.
      for (;;) {
        const standing = await tx.rows(endusers, system.caller, { filter: { [`journeys.${id}`]: { _in: states } }, lock: true });
        for (const enduser of standing) {
          await tx.createOne(enduser_status_updates, system.caller, { journeyId: id, enduserId: enduser._id, status: defaultState }, {}, {
            organizationIds: (enduser.organizationIds as string[] | null) ?? [],
            creator: caller.id,
            actor,
          });
        }
        if (standing.length < MAX_LIMIT) break;
      }
    });
    // Pending steps that would put an enduser in a removed state are cancelled in their journey runs.
    const pending = await system.rows(automated_actions, {
      filter: { journeyId: id, status: 'active', 'action.type': 'setEnduserStatus', 'action.info.status': { _in: states } },
    });
    for (const action of pending) {
      await services.automations.signalJourney(caller.businessId, id, String(action.enduserId), SIGNALS.automatedActionCancelled, { automatedActionId: action._id });
    }
    return { updated };
  },
});
