import { createCookie } from '@remix-run/node';
import { config } from '../config.server';
import { pendingSignInStorage, type SecondFactorRoutes } from '../second-factor.server';

/** The portal's code step: our endusers calls; the api picks email or SMS (docs/contract/access.md#second-factor). */
export const PORTAL_SECOND_FACTOR: SecondFactorRoutes = {
  storage: pendingSignInStorage('__carelane_portal_code', '/login'),
  challengePath: '/v1/endusers/generate-mfa-challenge',
  submitPath: '/v1/endusers/submit-mfa-challenge',
  codePage: '/login/code',
  challengeBody: {},
};

/**
 * "Remember this device for 30 days": the api's signed device token, kept in a cookie that is signed
 * again by the portal and unreadable by scripts (httpOnly). It outlives signing out on purpose.
 */
const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
const deviceCookie = createCookie('__carelane_device', {
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  path: '/',
  secrets: [config.sessionSecret],
  maxAge: REMEMBER_SECONDS,
});

/** The device token this browser holds, for the next password sign-in. */
export const rememberedDevice = async (request: Request): Promise<string | undefined> => {
  const value = (await deviceCookie.parse(request.headers.get('Cookie'))) as unknown;
  return typeof value === 'string' && value ? value : undefined;
};

/** A Set-Cookie header that remembers this device. */
export const rememberThisDevice = (deviceToken: string) => deviceCookie.serialize(deviceToken);
