import type { ResourceDefinition } from './define';
import { endusers } from './endusers';
import { enduser_status_updates } from './enduser-status-updates';
import { journeys } from './journeys';
import { organizations } from './organizations';
import { users } from './users';
import { GROUP_A } from './group-a';
import { GROUP_B } from './group-b';

/** Every resource served by the generic engine. */
export const RESOURCES: ResourceDefinition[] = [organizations, users, endusers, journeys, enduser_status_updates, ...GROUP_A, ...GROUP_B];

export const resourceByName = new Map(RESOURCES.map((definition) => [definition.name, definition]));

export * from './define';
export { organizations, users, endusers, journeys, enduser_status_updates };
export * from './group-a';
export * from './group-b';
