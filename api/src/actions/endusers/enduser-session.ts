import type { ApiConfig } from '../../config';
import { issueEnduserToken as issueToken } from '../../auth/tokens';

/**
 * What session calls tell an enduser about themselves (docs/contract/api.md#payload-shapes), and nothing staff-only.
 * `language` too: the portal speaks the patient's own from the first page after signing in (issue #38).
 */
const SESSION_FIELDS = ['businessId', 'organizationIds', 'fname', 'lname', 'email', 'phone', 'displayName', 'avatar', 'assignedTo', 'timezone', 'language'] as const;

/** The enduser info returned by session calls: id, names, contact, assignedTo, passwordIsUnset, isUpsertedAccount. */
export const enduserSessionInfo = (row: Record<string, unknown>) => {
  const info: Record<string, unknown> = { id: row._id };
  for (const key of SESSION_FIELDS) if (row[key] !== null && row[key] !== undefined) info[key] = row[key];
  return {
    ...info,
    passwordIsUnset: !row.hashedPassword,
    isUpsertedAccount: !row.hashedPassword && !!row.creator && row.creator !== row._id,
  };
};

export const issueEnduserToken = (config: ApiConfig, row: Record<string, unknown>, durationInSeconds?: number) => issueToken(config, row, durationInSeconds);
