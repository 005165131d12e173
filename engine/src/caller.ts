import type { Operation } from '@carelane/db';

/**
 * The permission matrix (docs/contract/access.md#permission-matrix) for non-admin staff: per resource and operation, 'All'
 * (everything in the caller's organization scope), 'Assigned' (only records assigned to the caller,
 * see access.ts), 'Default' (the platform's built-in default) or null (no access at all).
 */
export type AccessLevel = 'All' | 'Assigned' | 'Default' | null;
/** One resource's entry: a level per operation, and creatorOnly (updates and deletes of one's own records only). */
export type ResourcePermission = Partial<Record<Operation, AccessLevel>> & { creatorOnly?: boolean };
export type RolePermissions = Record<string, ResourcePermission>;

/** Who is calling: resolved once per request from the Authorization header. */
export interface UserCaller {
  type: 'user';
  id: string;
  businessId: string;
  organizationIds: string[];
  roles: string[];
  record: Record<string, unknown>;
  /** Set when the call carries `Authorization: API_KEY <key>`: it acts as the key's creating user. */
  apiKeyId?: string;
  /** The role permission matrix of the user's configured roles (role-permissions.ts); absent: the built-in default. */
  permissions?: RolePermissions;
  /**
   * The server itself acting for the business (engine.system): an Admin of the root organization
   * that creates records without a creator and leaves no actor on its changes.
   */
  system?: true;
}

export interface EnduserCaller {
  type: 'enduser';
  id: string;
  businessId: string;
  organizationIds: string[];
  record: Record<string, unknown>;
  /**
   * Set for a public form session: the token may fill this one form response (and upload its files)
   * and do nothing else, so a session started with someone's email never opens their records.
   */
  formResponseId?: string;
  /**
   * Set for the token of a mailed one-time login link: it is accepted by refresh-enduser-session
   * alone (passport.ts), which trades it for an ordinary session and ends the link.
   */
  loginLink?: boolean;
  /** Set for a public appointment booking session: only the booking calls accept it (passport.ts). */
  bookingOnly?: boolean;
}

export type Caller = UserCaller | EnduserCaller;

/**
 * The caller `engine.system(businessId, organizationIds)` acts as. `organizationIds` is the place in
 * the organization tree it acts from: empty (the root) for the server's own work, the owner's
 * organization for an automation (a sub-organization's journey sees what that organization sees).
 */
export const systemCaller = (businessId: string, organizationIds: string[] = []): UserCaller => ({
  type: 'user',
  id: 'system',
  businessId,
  organizationIds,
  roles: ['Admin'],
  record: {},
  system: true,
});

export const isAdmin = (caller: Caller | undefined) => caller?.type === 'user' && caller.roles.includes('Admin');

/**
 * The root admin (docs/contract/access.md#root-admin): an Admin of the root organization, i.e. whose
 * organizationIds are empty. Admins of sub-organizations are not.
 */
export const isRootAdmin = (caller: Caller | undefined) => isAdmin(caller) && caller!.organizationIds.length === 0;
