/**
 * Automation triggers run on a task queue of their own beside the platform's (the same worker
 * process polls both). A trigger's action is a local activity that holds its workflow task while it
 * runs, so a burst of triggers (a bulk update of endusers) fills only the trigger queue's workflow
 * slots and never those of journeys, reminders and messages.
 */
const TRIGGER_SUFFIX = '-triggers';

/** The queue automation triggers are started on, for the platform's queue `taskQueue`. */
export const triggerTaskQueue = (taskQueue: string) => `${taskQueue}${TRIGGER_SUFFIX}`;

/** The platform's queue a queue belongs to: journeys a trigger starts, and its changes' outbox rows, go there. */
export const homeTaskQueue = (taskQueue: string) => (taskQueue.endsWith(TRIGGER_SUFFIX) ? taskQueue.slice(0, -TRIGGER_SUFFIX.length) : taskQueue);
