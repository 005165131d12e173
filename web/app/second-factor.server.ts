import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { callApi } from './api.server';
import { config } from './config.server';

/**
 * The code step of a sign-in (docs/contract/access.md#second-factor), shared by the staff app and
 * the portal. Between the password and the code, the api's MFA-pending token (good only for the two
 * code calls) waits in a short-lived httpOnly cookie of the sign-in pages, never in the page.
 */
export interface PendingSignIn {
  authToken: string;
  /** Where the code was sent, for the page's sentence. */
  channel: 'email' | 'sms';
  /** Where to go once the code is accepted. */
  redirectTo?: string;
}

/** How long a sign-in waits for its code, as the api's MFA-pending token does. */
const PENDING_SECONDS = 30 * 60;

export const pendingSignInStorage = (name: string, path: string) =>
  createCookieSessionStorage<PendingSignIn>({
    cookie: { name, httpOnly: true, sameSite: 'lax', secure: config.production, path, secrets: [config.sessionSecret], maxAge: PENDING_SECONDS },
  });

export type PendingStorage = ReturnType<typeof pendingSignInStorage>;

/** The calls of one kind of account: the api's challenge and submit paths, and the page of the code step. */
export interface SecondFactorRoutes {
  storage: PendingStorage;
  challengePath: string;
  submitPath: string;
  codePage: string;
  /** The challenge call's body: staff name the method (the reference client's { method: 'email' }); patients let the api choose. */
  challengeBody: Record<string, unknown>;
}

/** Asks the api for a code by the account's channel (staff: email) and answers where it went. */
export const requestCode = async (routes: SecondFactorRoutes, authToken: string): Promise<'email' | 'sms'> => {
  const answer = await callApi<{ channel?: string }>(routes.challengePath, { method: 'POST', authToken, body: routes.challengeBody });
  return answer?.channel === 'sms' ? 'sms' : 'email';
};

/** After a right password: sends the first code, keeps the pending token, and opens the code page. */
export const beginCodeStep = async (routes: SecondFactorRoutes, request: Request, authToken: string, redirectTo?: string, channel?: 'email' | 'sms') => {
  const sentBy = channel ?? (await requestCode(routes, authToken));
  const session = await routes.storage.getSession(request.headers.get('Cookie'));
  session.set('authToken', authToken);
  session.set('channel', sentBy);
  if (redirectTo) session.set('redirectTo', redirectTo);
  return redirect(routes.codePage, { headers: { 'Set-Cookie': await routes.storage.commitSession(session) } });
};

/** The sign-in waiting for its code, or undefined (none, or its half hour has passed). */
export const pendingSignIn = async (storage: PendingStorage, request: Request): Promise<PendingSignIn | undefined> => {
  const session = await storage.getSession(request.headers.get('Cookie'));
  const authToken = session.get('authToken');
  const channel = session.get('channel');
  if (!authToken || !channel) return undefined;
  return { authToken, channel, redirectTo: session.get('redirectTo') };
};

/** A Set-Cookie header that forgets the waiting sign-in (after the code, or when starting again). */
export const forgetPendingSignIn = async (storage: PendingStorage, request: Request) =>
  storage.destroySession(await storage.getSession(request.headers.get('Cookie')));

/** The code, as typed (spaces kept out), for the api; the page's own check before sending it. */
export const typedCode = (form: FormData) => String(form.get('code') ?? '').trim();
export const CODE_REQUIRED = 'Enter the code we sent you';

/** Back to the password step, forgetting the waiting sign-in (none, its half hour passed, or the api no longer takes its token). */
export const restartSignIn = async (storage: PendingStorage, request: Request, loginPath: string) =>
  redirect(loginPath, { headers: { 'Set-Cookie': await forgetPendingSignIn(storage, request) } });

/** For the code page: the sign-in waiting for its code; without one, the visitor starts again at the password. */
export const requirePendingSignIn = async (storage: PendingStorage, request: Request, loginPath: string) => {
  const pending = await pendingSignIn(storage, request);
  if (!pending) throw await restartSignIn(storage, request, loginPath);
  return pending;
};
