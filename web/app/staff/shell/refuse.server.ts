import { data } from '@remix-run/node';
import { ApiError } from '../../api.server';
import type { StaffAbilities, Operation } from '../permissions.server';
import type { ForbiddenData, MissingData, MissingKind } from './missing';

/**
 * The staff app's own answers for a page that cannot be shown (epic-stack's invariantResponse: a
 * missing record is one thrown 404, drawn by the route's error boundary inside the staff frame).
 */
export const staffNotFound = (missing: MissingKind = 'page') => data<MissingData>({ missing }, { status: 404 });
export const staffForbidden = (what: string) => data<ForbiddenData>({ forbidden: what }, { status: 403 });

/** A page the role may not use answers 403 before any api call (the navigation hides it too). */
export const requireAbility = (abilities: StaffAbilities, resource: string, operation: Operation, what: string) => {
  if (!abilities.can(resource, operation)) throw staffForbidden(what);
};

/**
 * Reads one record for a page: the api's 404, 403 or a malformed id (400) become the staff app's
 * not-found page for that kind of record; anything else is thrown on.
 */
export const readRecord = async <T>(kind: MissingKind, read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400)) throw staffNotFound(kind);
    throw error;
  }
};
