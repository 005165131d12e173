import { createCookie } from '@remix-run/node';
import { config } from '../config.server';

/**
 * A one-time message for the next page (docs/contract/portal.md#documents: a failed form lookup 'alerts the message and
 * returns to documents'). Carried in a short-lived signed cookie rather than the address, so
 * nobody can put words in the portal's mouth with a crafted link.
 */
const flash = createCookie('__carelane_flash', {
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  path: '/',
  maxAge: 60,
  secrets: [config.sessionSecret],
});

export const setFlash = (message: string) => flash.serialize(message.slice(0, 500));

/** The message, and the Set-Cookie header that clears it, when one is waiting. */
export const takeFlash = async (request: Request): Promise<{ message?: string; clear?: string }> => {
  const message = await flash.parse(request.headers.get('Cookie'));
  if (typeof message !== 'string' || !message) return {};
  return { message, clear: await flash.serialize('', { maxAge: 0 }) };
};
