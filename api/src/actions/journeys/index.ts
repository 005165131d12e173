import type { Action } from '../action';
import { addEndusersToJourney } from './add-endusers-to-journey';
import { deleteJourneyStates } from './delete-journey-states';
import { dryRunJourney } from './dry-run-journey';
import { removeEndusersFromJourney } from './remove-endusers-from-journey';
import { retryAutomatedAction } from './retry-automated-action';

/** Journeys: adding and removing endusers, the dry run, deleting states, retrying a failed step. */
export const JOURNEYS_ACTIONS: Action[] = [addEndusersToJourney, removeEndusersFromJourney, dryRunJourney, deleteJourneyStates, retryAutomatedAction];
