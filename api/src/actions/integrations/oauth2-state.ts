import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { badRequest } from '../../errors';
import { deriveSecret } from '../../auth/derive-secret';

/** How long a user has to finish the provider's consent screen. */
export const STATE_SECONDS = 10 * 60;
export const INVALID_STATE = 'Invalid or expired OAuth2 state';

export interface OAuth2State {
  userId: string;
  businessId: string;
  title: string;
  redirectUri: string;
}

/**
 * The state parameter: signed (with a key only for this purpose), naming the user, business and
 * integration the consent is for, and expiring. The callback trusts nothing else it receives.
 */
export const signState = (jwtSecret: string, state: OAuth2State) =>
  jwt.sign({ ...state, nonce: randomBytes(8).toString('hex') }, deriveSecret(jwtSecret, 'oauth2-state'), { expiresIn: STATE_SECONDS, audience: 'oauth2-state' });

export const verifyState = (jwtSecret: string, token: unknown): OAuth2State => {
  if (typeof token !== 'string' || !token) throw badRequest(INVALID_STATE);
  try {
    const claims = jwt.verify(token, deriveSecret(jwtSecret, 'oauth2-state'), { audience: 'oauth2-state' }) as OAuth2State;
    return { userId: claims.userId, businessId: claims.businessId, title: claims.title, redirectUri: claims.redirectUri };
  } catch {
    throw badRequest(INVALID_STATE);
  }
};
