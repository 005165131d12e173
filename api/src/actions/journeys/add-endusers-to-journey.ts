import { IsBoolean, IsDateString, IsMongoId, IsObject, IsOptional, IsString } from 'class-validator';
import { journeys, endusers } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { badRequest, notFound } from '../../errors';
import { organizationScope } from '@carelane/engine';
import { inFlight } from '../../automation/in-flight';
import { defineAction, type Services } from '../action';
import { JourneyMembersInput } from './journey-members-input';

class AddEndusersToJourneyInput extends JourneyMembersInput {
  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  journeyContext?: Record<string, unknown>;

  /** Start later (the run waits on Temporal until then). */
  @IsOptional()
  @IsDateString({}, { message: 'Invalid date' })
  startAt?: string;

  // Accepted from the reference client; runs always start at the journey's onJourneyStart steps.
  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  automationStepId?: string;

  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  throttle?: boolean;

  @IsOptional()
  @IsString({ message: 'Expecting string value' })
  source?: string;
}

const journeyInScope = async (services: Services, caller: Caller, id: string) => {
  // raw SQL: endusers enrol themselves (self-enrolment) in journeys they may not read through the engine; tenant and organization scope still apply.
  const query = services.dataSource
    .createQueryBuilder(journeys.name, 'record')
    .where('record._id = :id AND record."businessId" = :businessId', { id, businessId: caller.businessId });
  organizationScope(query, journeys, caller);
  if (!(await query.getExists())) throw notFound();
};

/** POST /add-endusers-to-journey: one durable journey workflow per enduser (started once, however often called). */
export const addEndusersToJourney = defineAction({
  method: 'post',
  path: '/add-endusers-to-journey',
  auth: 'any',
  input: AddEndusersToJourneyInput,
  handler: async ({ services, caller }, input) => {
    if (caller.type === 'enduser' && input.enduserIds.some((id) => id !== caller.id)) {
      throw badRequest('Endusers may only add themselves to a journey');
    }
    // Both lookups go through the engine, so tenant scope and read access apply as for any read. Endusers
    // never read journeys (they are staff configuration), but may start one for themselves
    // (docs/contract/access.md#enduser-access):
    // for them the journey need only exist within their organization.
    if (caller.type === 'enduser') await journeyInScope(services, caller, input.journeyId);
    else await services.engine.getOne(journeys, caller, input.journeyId);
    const found = await services.engine.getByIds(endusers, caller, input.enduserIds);
    if (found.length !== new Set(input.enduserIds).size) throw badRequest('Could not find a related record for the given id(s)');
    const startDelayMs = input.startAt ? new Date(input.startAt).getTime() - Date.now() : 0;
    const ids = [...new Set(input.enduserIds)];
    // Up to 1,000 starts, 50 in flight at a time, so a large audience is not 1,000 round trips in a row.
    await inFlight(ids, (enduserId) =>
      services.automations.startJourney({ businessId: caller.businessId, journeyId: input.journeyId, enduserId, journeyContext: input.journeyContext }, { startDelayMs })
    );
    return {};
  },
});
