import { newId } from '@carelane/db';
import type { DomainEvent, ResourceEngine } from '../resources/engine';

const ACTION = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/**
 * The audit trail of 000 §3 user_logs: one record per staff create, update and delete made through
 * the generic calls (userId, resource, resourceId, action), written in the change's own transaction,
 * so no change commits without its log (nor a log without its change).
 */
export const recordUserLogs = (engine: ResourceEngine) => {
  engine.onWrite(async (manager, event: DomainEvent) => {
    if (event.actor?.type !== 'user' || event.resource === 'user_logs') return;
    const now = new Date();
    const enduserId = event.resource === 'endusers' ? event.record._id : event.record.enduserId;
    await manager.getRepository('user_logs').insert({
      _id: newId(),
      businessId: event.businessId,
      organizationIds: (event.record.organizationIds as string[] | undefined) ?? [],
      sharedWithOrganizations: [],
      creator: event.actor.id,
      userId: event.actor.id,
      enduserId: typeof enduserId === 'string' ? enduserId : undefined,
      resource: event.resource,
      resourceId: event.record._id,
      action: ACTION[event.kind],
      createdAt: now,
      updatedAt: now,
    });
  });
};
