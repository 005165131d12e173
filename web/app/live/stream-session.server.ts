/**
 * The session check of a live channel (server-sent events). A visitor whose session has gone (signed
 * out in another tab, expired) is sent to sign in by a redirect; for an EventSource that would be the
 * sign-in page's HTML, which the browser reports as an error and retries forever. They get 204
 * instead, which tells EventSource to stop: the page notices the missing session on its next load.
 */
export const streamSession = async <T>(check: () => Promise<T>): Promise<T | Response> => {
  try {
    return await check();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return new Response(null, { status: 204 });
    throw error;
  }
};
