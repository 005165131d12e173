import type { Action } from '../action';
import { addEndusersToJourney } from './add-endusers-to-journey';
import { applyJourneyStepChange } from './apply-journey-step-change';
import { automationDecisions } from './automation-decisions';
import { deleteJourneyStates } from './delete-journey-states';
import { dryRunJourney } from './dry-run-journey';
import { previewJourneyStepChange } from './preview-journey-step-change';
import { removeEndusersFromJourney } from './remove-endusers-from-journey';
import { retryAutomatedAction } from './retry-automated-action';

/** Journeys: adding and removing endusers, the dry run, deleting states, retrying a failed step, previewing and applying a change to a live journey's step, why automations fired. */
export const JOURNEYS_ACTIONS: Action[] = [addEndusersToJourney, removeEndusersFromJourney, dryRunJourney, deleteJourneyStates, retryAutomatedAction, previewJourneyStepChange, applyJourneyStepChange, automationDecisions];
