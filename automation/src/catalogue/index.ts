/**
 * The automation catalogue: every journey event and action and every trigger event and action, once,
 * with its type, its input shape, what staff read for it, and the sentence a configured one reads as.
 * Validation (db/src/validation/automation-validators.ts), the worker's handlers (keyed by these
 * types), the dry run and every console label derive from it. Adding an action: an entry in
 * journey-actions.ts and its handler in activities/ (README, "Where to change what").
 */
export * from './shape';
export * from './describe';
export * from './journey-events';
export * from './journey-actions';
export * from './trigger-events';
export * from './trigger-actions';
