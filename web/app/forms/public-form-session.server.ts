import { createCookie } from '@remix-run/node';
import { callApi } from '../api.server';
import { config } from '../config.server';

/**
 * A public form's session (session-for-public-form): the token that opens this one response and
 * nothing else, kept in a cookie of its own, so it never mixes with a portal sign-in, and dies with
 * the browser session. Its path is / because the page's data requests go to /public-form.data,
 * which a cookie on /public-form would not reach.
 */
export interface PublicFormSession {
  businessId: string;
  formId: string;
  accessCode: string;
  authToken: string;
  enduserId: string;
}

const cookie = createCookie('__carelane_public_form', {
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  path: '/',
  secrets: [config.sessionSecret],
});

/** The session for the form the address names, if this browser started one. */
export const publicFormSession = async (request: Request, businessId: string, formId: string) => {
  const stored = (await cookie.parse(request.headers.get('Cookie'))) as PublicFormSession | null;
  return stored && stored.businessId === businessId && stored.formId === formId ? stored : undefined;
};

/** Starts the session from the visitor's details (the api finds or adds the patient); answers the cookie to set. */
export const startPublicForm = async (businessId: string, formId: string, details: Record<string, string>) => {
  const started = await callApi<{ accessCode: string; authToken: string; enduserId: string }>('/v1/session-for-public-form', {
    method: 'POST',
    body: { businessId, formId, ...details },
  });
  const session: PublicFormSession = { businessId, formId, accessCode: started.accessCode, authToken: started.authToken, enduserId: started.enduserId };
  return cookie.serialize(session);
};
