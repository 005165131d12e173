/** The one module the worker loads: every workflow the platform runs. */
export { journeyWorkflow } from './journey';
export { calendarRemindersWorkflow } from './reminders';
export { automationTriggerWorkflow } from './trigger';
export { noopWorkflow, oneActivityWorkflow } from './noop';
export { scheduledMessageWorkflow } from './scheduled-message';
export { scheduledChatWorkflow } from './scheduled-chat';
export { resourceWebhookWorkflow } from './resource-webhook';
export { waitlistOfferWorkflow } from './waitlist';
