import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireEnduser } from '../../../session.server';
import { forwardSignal, streamSignals, tokenOrUndefined, unauthenticated } from '../../../video/signal-relay.server';

/** The portal's relay of a meeting's signalling, with the enduser's own session (video/signal-relay.server.ts). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const authToken = await tokenOrUndefined(() => requireEnduser(request));
  return authToken ? streamSignals(request, String(params.meetingId), authToken) : unauthenticated();
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const authToken = await tokenOrUndefined(() => requireEnduser(request));
  return authToken ? forwardSignal(request, String(params.meetingId), authToken) : unauthenticated();
};
