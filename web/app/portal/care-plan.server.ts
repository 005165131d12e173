import { summaryOf, type EventTitleWords } from './events.server';
import { listRecords } from './resources.server';

/** The enduser's care-plan events (docs/contract/portal.md#care-plan): events tied to a care plan, soonest first. */
export const carePlanEvents = async (authToken: string, words?: EventTitleWords) => {
  const events = await listRecords(authToken, 'calendar-events', { filter: { carePlanId: { _exists: true } }, limit: 1000 });
  return events
    .filter((event) => typeof event.startTimeInMS === 'number')
    .map((event) => summaryOf(event, words))
    .sort((a, b) => a.startTimeInMS - b.startTimeInMS);
};
