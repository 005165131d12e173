// The engine lives in @carelane/engine, shared with the worker's activities; this module keeps the api's imports short.
export { ResourceEngine, SystemEngine, TransactionEngine, type CreateOptions, type DomainEvent, type StatementListener, type UpdateOptions } from '@carelane/engine';
