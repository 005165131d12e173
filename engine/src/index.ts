/**
 * @carelane/engine: the one path to the data (validate, authorise, scope to the tenant, record and
 * announce every change). Shared by the api (named and generic calls) and the worker's activities,
 * so neither has to import the other.
 */
export * from './caller';
export * from './errors';
export * from './access';
export * from './payload';
export * from './query';
export * from './sharing';
export * from './organization-reach';
export * from './hook-registry';
export * from './engine-types';
export * from './transaction-engine';
export * from './engine';
export { SAMPLE_ROWS, WALK_ROWS } from './search-page';
export type { Statement } from './statements';
// The owner and last-Admin rules live with the users resource (db/src/resources/users-guards.ts).
export { USER_DELETION_MESSAGES } from '@carelane/db';
