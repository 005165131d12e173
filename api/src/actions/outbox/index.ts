import type { Action } from '../action';
import { cancelOutboxEntry } from './cancel-outbox-entry';
import { enduserOutbox } from './enduser-outbox';

/** The patient's outbox: every pending send across journeys, reminders and scheduled messages, and cancelling one. */
export const OUTBOX_ACTIONS: Action[] = [enduserOutbox, cancelOutboxEntry];
