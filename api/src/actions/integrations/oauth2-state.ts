import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { DataSource } from 'typeorm';
import { useOnce } from '@carelane/db/internal/used-nonces';
import { badRequest } from '../../errors';
import { deriveSecret } from '../../auth/derive-secret';

/** How long a user has to finish the provider's consent screen. */
export const STATE_SECONDS = 10 * 60;
export const INVALID_STATE = 'Invalid or expired OAuth2 state';

export interface OAuth2State {
  /** Random, names this consent for its single use (used_nonces). */
  nonce: string;
  /** Seconds since the epoch after which the state is refused anyway. */
  exp: number;
  userId: string;
  businessId: string;
  /** The connecting Admin's organization (its path; [] for the root): the connection is that organization's. */
  organizationIds: string[];
  title: string;
  redirectUri: string;
}

/**
 * The state parameter: signed (with a key only for this purpose), naming the user, business,
 * organization and integration the consent is for, and expiring. The callback trusts nothing else it receives.
 */
export const signState = (jwtSecret: string, state: Omit<OAuth2State, 'nonce' | 'exp'>) =>
  jwt.sign({ ...state, nonce: randomBytes(16).toString('hex') }, deriveSecret(jwtSecret, 'oauth2-state'), { expiresIn: STATE_SECONDS, audience: 'oauth2-state' });

export const verifyState = (jwtSecret: string, token: unknown): OAuth2State => {
  if (typeof token !== 'string' || !token) throw badRequest(INVALID_STATE);
  try {
    const claims = jwt.verify(token, deriveSecret(jwtSecret, 'oauth2-state'), { audience: 'oauth2-state' }) as OAuth2State;
    if (typeof claims.nonce !== 'string' || !claims.nonce) throw new Error('no nonce');
    // A state signed before connections belonged to organizations names none: refused, never taken as the root's.
    if (!Array.isArray(claims.organizationIds) || !claims.organizationIds.every((id) => typeof id === 'string')) throw new Error('no organization');
    return {
      nonce: claims.nonce,
      exp: claims.exp,
      userId: claims.userId,
      businessId: claims.businessId,
      organizationIds: claims.organizationIds,
      title: claims.title,
      redirectUri: claims.redirectUri,
    };
  } catch {
    throw badRequest(INVALID_STATE);
  }
};

/**
 * A state is good for one callback: the first use claims its nonce (until the state expires), a
 * replayed callback with the same state is refused like an invalid one, before any code exchange.
 */
export const claimState = async (dataSource: DataSource, state: OAuth2State) => {
  if (!(await useOnce(dataSource, `oauth2-state:${state.nonce}`, new Date(state.exp * 1000)))) throw badRequest(INVALID_STATE);
};
