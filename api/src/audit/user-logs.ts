import { newId } from '@carelane/db';
import type { DomainEvent, ResourceEngine } from '@carelane/engine';

const ACTION = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/**
 * The audit trail of user_logs (docs/contract/entities.md#people-and-access): one record per staff
 * create, update and delete made through the generic calls (userId, resource, resourceId, action),
 * written in the change's own transaction,
 * so no change commits without its log (nor a log without its change).
 */
export const recordUserLogs = (engine: ResourceEngine) => {
  engine.onWriteStatement({
    record(event: DomainEvent) {
      if (event.actor?.type !== 'user' || event.resource === 'user_logs') return undefined;
      const now = new Date();
      const enduserId = event.resource === 'endusers' ? event.record._id : event.record.enduserId;
      // raw SQL: the audit row is a statement run with the change's own (the engine takes statements here), one plain INSERT since every staff change writes it.
      return {
        sql: `INSERT INTO "user_logs" ("_id", "businessId", "organizationIds", "sharedWithOrganizations", "creator", "userId", "enduserId", "resource", "resourceId", "action", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, '[]', $4, $4, $5, $6, $7, $8, $9, $9)`,
        params: [
          newId(),
          event.businessId,
          JSON.stringify((event.record.organizationIds as string[] | undefined) ?? []),
          event.actor.id,
          typeof enduserId === 'string' ? enduserId : null,
          event.resource,
          event.record._id,
          ACTION[event.kind],
          now,
        ],
      };
    },
  });
};
