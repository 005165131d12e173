import { endusers, journeys } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { JourneyMembersInput } from './journey-members-input';

class RemoveEndusersFromJourneyInput extends JourneyMembersInput {}

/**
 * POST /remove-endusers-from-journey: takes the journey out of each enduser's journeys map through
 * the engine (access and tenant scope as for any update); the dispatcher then cancels each run, and
 * its pending automated actions become cancelled.
 */
export const removeEndusersFromJourney = defineAction({
  method: 'post',
  path: '/remove-endusers-from-journey',
  auth: 'user',
  input: RemoveEndusersFromJourneyInput,
  handler: async ({ services, caller }, input) => {
    await services.engine.getOne(journeys, caller, input.journeyId);
    const found = await services.engine.getByIds(endusers, caller, input.enduserIds);
    if (found.length !== new Set(input.enduserIds).size) throw badRequest('Could not find a related record for the given id(s)');
    for (const enduser of found) {
      const current = (enduser.journeys as Record<string, string> | undefined) ?? {};
      if (!(input.journeyId in current)) {
        // Not in the map (a run may still be going, e.g. added moments ago): end it anyway.
        await services.automations.cancelJourney(caller.businessId, input.journeyId, enduser.id as string);
        continue;
      }
      const { [input.journeyId]: _removed, ...rest } = current;
      await services.engine.updateOne(endusers, caller, enduser.id as string, { journeys: rest }, { replaceObjectFields: true });
    }
    return {};
  },
});
