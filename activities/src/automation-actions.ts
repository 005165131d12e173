import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';
import { completeCarePlan, createCarePlan, sendChat, shareContent } from './automation-care-actions';
import { addEnduserTags, addToJourney, cancelFutureAppointments, removeEnduserTags, removeFromAllJourneys, removeFromJourney, setEnduserFields, setEnduserStatus } from './automation-enduser-actions';
import { sendEmail, sendForm, sendSMS, sendWebhook } from './automation-send-actions';
import { completeTickets, createTicket, notifyTeam } from './automation-team-actions';

/** The handler of every action in the automation catalogue (@carelane/automation JOURNEY_ACTIONS), by its type. */
export const ACTION_HANDLERS: { [T in JourneyActionType]: ActionHandler } = {
  sendEmail,
  sendSMS,
  sendWebhook,
  sendForm,
  setEnduserStatus,
  addEnduserTags,
  removeEnduserTags,
  setEnduserFields,
  createTicket,
  addToJourney,
  removeFromJourney,
  removeFromAllJourneys,
  notifyTeam,
  completeTickets,
  cancelFutureAppointments,
  createCarePlan,
  completeCarePlan,
  shareContent,
  sendChat,
};
