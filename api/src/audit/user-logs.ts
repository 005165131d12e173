import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';
import type { DomainEvent, ResourceEngine } from '../resources/engine';

const ACTION = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/**
 * The audit trail of 000 §3 user_logs: one record per staff create, update and delete made through
 * the generic calls (userId, resource, resourceId, action), written after the change commits.
 */
export const recordUserLogs = (engine: ResourceEngine, dataSource: DataSource) => {
  engine.events.on('change', (event: DomainEvent) => {
    if (event.actor?.type !== 'user' || event.resource === 'user_logs') return;
    const now = new Date();
    const enduserId = event.resource === 'endusers' ? event.record._id : event.record.enduserId;
    dataSource
      .getRepository('user_logs')
      .insert({
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
      })
      .catch((error: unknown) => console.error('user_logs: could not record a change', error));
  });
};
