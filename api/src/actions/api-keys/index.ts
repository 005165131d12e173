import type { Action } from '../action';
import { createApiKey } from './create';

/** API keys: creating one. */
export const API_KEYS_ACTIONS: Action[] = [createApiKey];
