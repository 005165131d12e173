import type { Action } from '../action';
import { updateOrderOfAvailabilityBlocks } from './update-order-of-availability-blocks';

/** Calendar and booking calls (seeds 001 §7.9). */
export const CALENDAR_ACTIONS: Action[] = [updateOrderOfAvailabilityBlocks];
