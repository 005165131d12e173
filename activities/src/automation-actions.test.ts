import { JOURNEY_ACTION_TYPES } from '@carelane/automation';
import { ACTION_HANDLERS } from './automation-actions';

/** The worker carries out exactly the catalogue's actions: a new catalogue entry without a handler (or a handler the catalogue does not list) fails here. */
test('the action handlers are keyed by the automation catalogue', () => {
  expect(Object.keys(ACTION_HANDLERS).sort()).toEqual([...JOURNEY_ACTION_TYPES].sort());
});
