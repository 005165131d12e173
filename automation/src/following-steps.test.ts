import { followingMatches } from './following-steps';

const steps = [
  { id: 'a', events: [{ type: 'onJourneyStart', info: {} }] },
  { id: 'b', events: [{ type: 'afterAction', info: { automationStepId: 'a', delayInMS: 0 } }] },
  { id: 'c', events: [{ type: 'formResponse', info: { automationStepId: 'a' } }, { type: 'onJourneyStart', info: {} }] },
  // Names step a, but an event type that does not follow a step (a trigger's own info): never matched.
  { id: 'd', events: [{ type: 'onEnduserCreated', info: { automationStepId: 'a' } }] },
  { id: 'e', events: null },
];

describe('followingMatches', () => {
  test('onJourneyStart events for the beginning, in step order', () => {
    expect(followingMatches(steps, null).map((match) => match.stepId)).toEqual(['a', 'c']);
  });

  test('events of the following types that name the step', () => {
    expect(followingMatches(steps, 'a').map((match) => [match.stepId, match.event.type])).toEqual([
      ['b', 'afterAction'],
      ['c', 'formResponse'],
    ]);
    expect(followingMatches(steps, 'b')).toEqual([]);
  });
});
