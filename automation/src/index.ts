/**
 * @carelane/automation: the pure automation model that the workflows (bundled for Temporal's
 * sandbox), the activities and the api share: step and trigger conditions, and the shapes workflows
 * and activities exchange, and the path a form's answers take (which the portal and the api share).
 * No I/O and no Node-only import, so workflow code may import it.
 */
export * from './conditions';
export * from './condition-explained';
export type * from './types';
export * from './form-flow';
export * from './retry';
export * from './begin-journey';
export * from './following-steps';
export * from './task-queues';
export * from './catalogue';
export * from './time';
export * from './waitlist';
export type * from './staff-lists';
export * from './template-variables';
export * from './languages/portal-languages';
