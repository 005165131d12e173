import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { readPreferences, shellPreferences } from '../../../portal/shell.server';
import { safeRedirectPath } from '../../../session.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/** Dismissed call alerts kept per browser (the newest ones; a meeting's alert ends with it anyway). */
const MAX_DISMISSED = 50;

/**
 * The shell's own choices (docs/contract/portal.md#shell), stored in a cookie: the sidebar open or collapsed, and the
 * live-call alerts dismissed. A plain form post without scripts (redirects back), a fetcher with them.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  await signedInEnduser(request);
  const form = await request.formData();
  const preferences = await readPreferences(request);
  if (form.get('intent') === 'sidebar') preferences.sidebarClosed = form.get('sidebarClosed') === 'true';
  if (form.get('intent') === 'dismiss-call') {
    const meetingId = String(form.get('meetingId') ?? '').slice(0, 64);
    if (meetingId) preferences.dismissedMeetings = [...(preferences.dismissedMeetings ?? []).filter((id) => id !== meetingId), meetingId].slice(-MAX_DISMISSED);
  }
  const headers = { 'Set-Cookie': await shellPreferences.serialize(preferences) };
  // A fetcher asks with scripts running; a plain post goes back to the page it came from.
  if (request.headers.get('Accept')?.includes('text/html')) throw redirect(safeRedirectPath(request, form.get('redirectTo')), { headers });
  return data({ saved: true }, { headers });
};

/** Nothing to show here. */
export const loader = (_args: LoaderFunctionArgs) => redirect('/home');
