import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../../../staff/session.server';
import { forwardSignal, streamSignals, tokenOrUndefined, unauthenticated } from '../../../video/signal-relay.server';

/** The staff app's relay of a meeting's signalling (a visit's host side), with the staff member's session. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const authToken = await tokenOrUndefined(() => requireStaff(request));
  return authToken ? streamSignals(request, String(params.meetingId), authToken) : unauthenticated();
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const authToken = await tokenOrUndefined(() => requireStaff(request));
  return authToken ? forwardSignal(request, String(params.meetingId), authToken) : unauthenticated();
};
