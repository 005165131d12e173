import { journeys, newId, isId } from '@carelane/db';
import { badRequest } from '../../errors';
import { SIGNALS } from '@carelane/workflows/src/constants';
import { defineAction } from '../action';

/**
 * DELETE /journey/:id/states with { states }: removes states from a journey. Endusers standing in a
 * removed state move to the journey's default state, each move recorded as a status update, and
 * pending steps that would set a removed state are cancelled. The journey's own rules still hold
 * ('defaultState does not exist in states' when it would be removed).
 */
export const deleteJourneyStates = defineAction({
  method: 'delete',
  path: '/journey/:id/states',
  auth: 'user',
  handler: async ({ services, caller, req }, input) => {
    const id = String(req.params.id);
    if (!isId(id)) throw badRequest('Error parsing field id: Invalid id');
    const states = input.states;
    if (!Array.isArray(states) || states.some((state) => typeof state !== 'string')) throw badRequest('Value not provided for required field: states');
    const journey = await services.engine.getOne(journeys, caller, id);
    const remaining = ((journey.states as { name: string }[] | undefined) ?? []).filter((state) => !states.includes(state.name));
    const updated = await services.engine.updateOne(journeys, caller, id, { states: remaining }, { replaceObjectFields: true });
    const defaultState = updated.defaultState as string;

    await services.dataSource.transaction(async (manager) => {
      const moved: { _id: string; organizationIds: string[] }[] = await manager.query(
        `UPDATE endusers SET journeys = jsonb_set(journeys, ARRAY[$1::text], to_jsonb($2::text)), "updatedAt" = now()
         WHERE "businessId" = $3 AND journeys ->> $1 = ANY($4::text[]) RETURNING _id, "organizationIds"`,
        [id, defaultState, caller.businessId, states],
      ).then((result: unknown[]) => (Array.isArray(result[0]) ? result[0] : result) as { _id: string; organizationIds: string[] }[]);
      const now = new Date();
      for (const enduser of moved) {
        await manager.getRepository('enduser_status_updates').insert({
          _id: newId(),
          businessId: caller.businessId,
          organizationIds: enduser.organizationIds ?? [],
          sharedWithOrganizations: [],
          creator: caller.id,
          journeyId: id,
          enduserId: enduser._id,
          status: defaultState,
          createdAt: now,
          updatedAt: now,
        });
      }
    });
    // Pending steps that would put an enduser in a removed state are cancelled in their journey runs.
    const pending: { _id: string; enduserId: string }[] = await services.dataSource
      .createQueryBuilder('automated_actions', 'action')
      .select(['action._id', 'action.enduserId'])
      .where(`action."businessId" = :businessId AND action."journeyId" = :id AND action.status = 'active'`, { businessId: caller.businessId, id })
      .andWhere(`action.action ->> 'type' = 'setEnduserStatus' AND action.action -> 'info' ->> 'status' = ANY(:states)`, { states })
      .getMany() as never;
    for (const action of pending) {
      await services.automations.signalJourney(caller.businessId, id, action.enduserId, SIGNALS.automatedActionCancelled, { automatedActionId: action._id });
    }
    return { updated };
  },
});
