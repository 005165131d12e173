import { pendingSignInStorage, type SecondFactorRoutes } from '../second-factor.server';

/** The staff sign-in's code step: the reference client's calls, the code always by email; its cookie lives on the sign-in pages only. */
export const STAFF_SECOND_FACTOR: SecondFactorRoutes = {
  storage: pendingSignInStorage('__carelane_staff_code', '/staff/login'),
  challengePath: '/v1/users/generate-mfa-challenge',
  submitPath: '/v1/users/submit-mfa-challenge',
  codePage: '/staff/login/code',
  challengeBody: { method: 'email' },
};
