import type { ApiConfig } from '../../config';
import { signSessionToken } from '../../auth/tokens';
import { serialize } from '../../resources/serialize';
import { endusers } from '@carelane/db';

/** The enduser info returned by session calls (seeds 001 §3). */
export const enduserSessionInfo = (row: Record<string, unknown>) => {
  const record = serialize(endusers, row);
  return {
    ...record,
    passwordIsUnset: !row.hashedPassword,
    isUpsertedAccount: !row.hashedPassword && !!row.creator && row.creator !== row._id,
  };
};

export const issueEnduserToken = (config: ApiConfig, row: Record<string, unknown>, durationInSeconds?: number) =>
  signSessionToken(
    config.jwtSecret,
    { sub: row._id as string, type: 'enduser', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0) },
    durationInSeconds ?? config.sessionSeconds,
  );
