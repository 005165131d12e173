import type { EntityManager } from 'typeorm';
import { derivedId, type Row } from './automation-records';
import { systemWithin, type AutomationOwner } from './worker-engine';

/**
 * Changes to an enduser made by automations (steps and triggers): tags, fields, journey states.
 * Each runs inside the caller's transaction, which holds the enduser's row lock, and acts from the
 * automation's owner (worker-engine.ts AutomationOwner): an enduser that organization cannot see is
 * not found and not written.
 */

export const lockEnduser = async (manager: EntityManager, owner: AutomationOwner, enduserId: string) =>
  systemWithin(manager, owner).byId('endusers', enduserId, { lock: true });

/** Writes changes to the enduser through the engine (validated like a client's update); object fields are written whole. */
const updateEnduser = (manager: EntityManager, owner: AutomationOwner, enduser: Row, changes: Row) =>
  systemWithin(manager, owner).updateOne('endusers', enduser._id, changes, { replaceObjectFields: true });

const unique = (values: string[]) => [...new Set(values)];

export const addTags = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, tags: string[], replaceExisting = false) => {
  const next = replaceExisting ? unique(tags) : unique([...((enduser.tags as string[] | null) ?? []), ...tags]);
  enduser.tags = next;
  await updateEnduser(manager, owner, enduser, { tags: next });
};

/**
 * Adds staff to the enduser's care team (assignedTo) or takes them off it: only staff the owner can
 * see (a colleague of another organization is left out, as a patient it cannot see would be).
 */
export const changeCareTeam = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, userIds: string[], join: boolean) => {
  const data = systemWithin(manager, owner);
  const seen = (await Promise.all(unique(userIds).map(async (id) => ((await data.byId('users', id)) ? id : undefined)))).filter((id): id is string => Boolean(id));
  const current = (enduser.assignedTo as string[] | null) ?? [];
  const next = join ? unique([...current, ...seen]) : current.filter((id) => !seen.includes(id));
  if (next.length === current.length && next.every((id, index) => id === current[index])) return;
  enduser.assignedTo = next;
  await updateEnduser(manager, owner, enduser, { assignedTo: next });
};

export const removeTags = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, tags: string[]) => {
  const removing = new Set(tags);
  const next = ((enduser.tags as string[] | null) ?? []).filter((tag) => !removing.has(tag));
  enduser.tags = next;
  await updateEnduser(manager, owner, enduser, { tags: next });
};

/** Top-level enduser fields a field setter may write; any other name is a custom field (`fields`). */
const SETTABLE_FIELDS = new Set([
  'fname',
  'lname',
  'email',
  'phone',
  'landline',
  'dateOfBirth',
  'gender',
  'state',
  'city',
  'zipCode',
  'addressLineOne',
  'addressLineTwo',
  'timezone',
  'source',
  'preference',
  'externalId',
  'displayName',
  'humanReadableId',
]);

export interface FieldSetter {
  name: string;
  type: string;
  value: string;
  increment?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Custom Value', 'Current Timestamp' (ISO), 'Current Date' (MM-DD-YYYY, UTC) or 'Increment Number'. */
const valueFor = (setter: FieldSetter, current: unknown, now: Date) => {
  switch (setter.type) {
    case 'Current Timestamp':
      return now.toISOString();
    case 'Current Date':
      return `${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}-${now.getUTCFullYear()}`;
    case 'Increment Number':
      return (Number(current) || 0) + (typeof setter.increment === 'number' ? setter.increment : Number(setter.value) || 1);
    default:
      return setter.value;
  }
};

export const setFields = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, setters: FieldSetter[], now = new Date()) => {
  const changes: Row = {};
  const custom = { ...((enduser.fields as Row | null) ?? {}) };
  let customChanged = false;
  for (const setter of setters) {
    if (SETTABLE_FIELDS.has(setter.name)) {
      changes[setter.name] = valueFor(setter, changes[setter.name] ?? enduser[setter.name], now);
    } else {
      custom[setter.name] = valueFor(setter, custom[setter.name], now);
      customChanged = true;
    }
  }
  if (customChanged) changes.fields = custom;
  Object.assign(enduser, changes);
  if (Object.keys(changes).length) await updateEnduser(manager, owner, enduser, changes);
};

/** Moves the enduser to a state of a journey and records the status update (once per `updateId`). */
export const setJourneyState = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, journeyId: string, state: string, updateId: string) => {
  const journeys = { ...((enduser.journeys as Record<string, string> | null) ?? {}), [journeyId]: state };
  enduser.journeys = journeys;
  await updateEnduser(manager, owner, enduser, { journeys });
  // The engine in the worker runs no hooks, so this record does not move the enduser a second time.
  await systemWithin(manager, owner).createOnce(
    'enduser_status_updates',
    updateId,
    { journeyId, enduserId: enduser._id, status: state },
    undefined,
    { organizationIds: enduser.organizationIds, creator: null }
  );
};

/** Takes the enduser out of journeys (all of them when `journeyIds` is absent); answers the ones left. */
export const leaveJourneys = async (manager: EntityManager, owner: AutomationOwner, enduser: Row, journeyIds?: string[]) => {
  const current = { ...((enduser.journeys as Record<string, string> | null) ?? {}) };
  const leaving = journeyIds ?? Object.keys(current);
  for (const journeyId of leaving) delete current[journeyId];
  enduser.journeys = current;
  await updateEnduser(manager, owner, enduser, { journeys: current });
  return leaving;
};

export { derivedId };
