import jwt from 'jsonwebtoken';

/**
 * Session tokens are JWTs carrying the account id, its kind and the account's sessionVersion.
 * Logout, password change and role changes bump sessionVersion, so older tokens stop working on
 * their next request even before they expire.
 */
export interface TokenClaims {
  sub: string;
  type: 'user' | 'enduser';
  businessId: string;
  v: number;
}

export const signSessionToken = (secret: string, claims: TokenClaims, expiresInSeconds: number) =>
  jwt.sign(claims, secret, { expiresIn: expiresInSeconds, algorithm: 'HS256' });
