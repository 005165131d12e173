import { ArrayMaxSize, IsArray, IsMongoId, IsObject, IsOptional } from 'class-validator';
import { journeys, endusers } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';

class AddEndusersToJourneyInput {
  @IsArray({ message: 'Expecting a list' })
  @ArrayMaxSize(1000, { message: 'Arrays should not contain more than 1000 elements' })
  @IsMongoId({ each: true, message: 'Invalid id' })
  enduserIds!: string[];

  @IsMongoId({ message: 'Invalid id' })
  journeyId!: string;

  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  journeyContext?: Record<string, unknown>;
}

/** POST /add-endusers-to-journey: one durable journey workflow per enduser (started once, however often called). */
export const addEndusersToJourney = defineAction({
  method: 'post',
  path: '/add-endusers-to-journey',
  auth: 'any',
  handler: async ({ services, caller }, raw) => {
    const input = parseInput(AddEndusersToJourneyInput, raw);
    if (caller.type === 'enduser' && input.enduserIds.some((id) => id !== caller.id)) {
      throw badRequest('Endusers may only add themselves to a journey');
    }
    // Both lookups go through the engine, so tenant scope and read access apply as for any read.
    await services.engine.getOne(journeys, caller, input.journeyId);
    const found = await services.engine.getByIds(endusers, caller, input.enduserIds);
    if (found.length !== new Set(input.enduserIds).size) throw badRequest('Could not find a related record for the given id(s)');
    for (const enduserId of input.enduserIds) {
      await services.automations.startJourney({
        businessId: caller.businessId,
        journeyId: input.journeyId,
        enduserId,
        journeyContext: input.journeyContext,
      });
    }
    return {};
  },
});
