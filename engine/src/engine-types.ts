import type { Statement } from './statements';

// The shapes the engine, its transaction binding and its listeners exchange, in a file of their own so each of them can import them.

export type DomainEvent = {
  kind: 'created' | 'updated' | 'deleted';
  resource: string;
  businessId: string;
  record: Record<string, unknown>;
  changes?: Record<string, unknown>;
  /** For updates: the record as it was before (automations compare journeys, tags, fields). */
  previous?: Record<string, unknown>;
  /** Who made the change through the generic calls (absent for changes made by the server itself). */
  actor?: { type: 'user' | 'enduser'; id: string };
  /** The change's row in the transactional outbox (api/src/events), set by its write listener before the commit. */
  outboxId?: string;
  /** Set on changes an automation (a worker activity) made: announced to sockets and webhooks, never to triggers. */
  origin?: 'automation';
};

/**
 * A write listener that only adds a statement to the change's transaction (the audit row, the outbox
 * row): the engine runs its statement together with the others, and with a create's own INSERT.
 */
export interface StatementListener {
  /** The statement(s) recording `event`, or none. */
  record(event: DomainEvent): Statement | Statement[] | undefined;
  /** After the change's record was written again in its transaction (a hook's fields): the statement bringing what `record` wrote up to date, if it holds the record. */
  revise?(event: DomainEvent): Statement | undefined;
}

/** What a named call may decide about a record it creates through the engine, beyond the client's payload. */
export interface CreateOptions {
  /** The named call itself grants the create to a caller whose kind may not create the resource through the generic call. */
  grantedByCall?: boolean;
  /** The record's id, when the call chose it (a self-registered enduser is their own creator). */
  id?: string;
  /** Where the record sits in the organization tree (default: the caller's place), checked by the call. */
  organizationIds?: string[];
  /** The record's creator (default: the caller; none for the system). */
  creator?: string | null;
  /** Who the change event names (default: the caller; none for the system). */
  actor?: DomainEvent['actor'];
}

/** `serverFields`: values a named call sets itself (server-only fields), written with the change. */
export interface UpdateOptions {
  replaceObjectFields?: boolean;
  serverFields?: Record<string, unknown>;
}
