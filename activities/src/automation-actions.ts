import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';
import { CARE_ACTIONS } from './automation-care-actions';
import { ENDUSER_ACTIONS } from './automation-enduser-actions';
import { SEND_ACTIONS } from './automation-send-actions';
import { TEAM_ACTIONS } from './automation-team-actions';

/**
 * The handler of every action in the automation catalogue (@carelane/automation JOURNEY_ACTIONS), by
 * its type. Each family's file lists its own; the type below fails to compile while a catalogue
 * action has no handler, and automation-actions.test.ts checks no handler is left over.
 */
export const ACTION_HANDLERS: { [T in JourneyActionType]: ActionHandler } = { ...SEND_ACTIONS, ...CARE_ACTIONS, ...ENDUSER_ACTIONS, ...TEAM_ACTIONS };
