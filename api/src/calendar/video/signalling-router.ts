import { Router, type Request } from 'express';
import { meetings } from '@carelane/db';
import { badRequest, forbidden, unauthenticated } from '../../errors';
import type { Services } from '../../actions/action';
import { attendeeFor, MEETING_MESSAGES } from '../../actions/meetings/meeting-records';
import { meetingHub } from './meeting-hub';

const KEEPALIVE_MS = 15_000;
const MAX_SIGNAL_BYTES = 64_000;

/**
 * The built-in call's signalling channel, one per meeting, over plain HTTP so it needs no socket
 * server: GET /meetings/:id/signal is a server-sent event stream (read with fetch, which carries the
 * Authorization header), POST /meetings/:id/signal { to?, payload } relays an offer, answer or ICE
 * candidate to one peer or to all others. Only the meeting's attendees, with their own session, while
 * it is live. Messages: welcome { self, peers }, joined { from }, left { from }, signal { from, payload }, ended.
 */
export const meetingSignallingRouter = (services: Services) => {
  const router = Router();

  const attendingPeer = async (req: Request) => {
    const caller = req.caller;
    if (!caller) throw unauthenticated();
    if (caller.type === 'enduser' && (caller.formResponseId || caller.bookingOnly)) throw forbidden();
    const meeting = (await services.engine.getOne(meetings, caller, String(req.params.id))) as Record<string, unknown>;
    if (!attendeeFor(meeting, { type: caller.type, id: caller.id })) throw forbidden(MEETING_MESSAGES.notAttendee);
    if (meeting.status !== 'live') throw badRequest(meeting.status === 'ended' ? MEETING_MESSAGES.ended : MEETING_MESSAGES.notStarted);
    return { meetingId: meeting.id as string, peerKey: `${caller.type}:${caller.id}` };
  };

  router.get('/meetings/:id/signal', async (req, res) => {
    const { meetingId, peerKey } = await attendingPeer(req);
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    const write = (message: Record<string, unknown>) => res.write(`data: ${JSON.stringify(message)}\n\n`);
    const others = meetingHub.peersOf(meetingId).filter((key) => key !== peerKey);
    const leave = meetingHub.join(meetingId, peerKey, { send: write, close: () => res.end() });
    write({ type: 'welcome', self: peerKey, peers: others });
    meetingHub.send(meetingId, { type: 'joined', from: peerKey }, { from: peerKey });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
    res.on('close', () => {
      clearInterval(keepAlive);
      leave();
    });
  });

  router.post('/meetings/:id/signal', async (req, res) => {
    const { meetingId, peerKey } = await attendingPeer(req);
    const { to, payload } = (req.body ?? {}) as { to?: unknown; payload?: unknown };
    if (to !== undefined && typeof to !== 'string') throw badRequest('Error parsing field to: Expecting string');
    if (typeof payload !== 'object' || payload === null) throw badRequest('Value not provided for required field: payload');
    if (JSON.stringify(payload).length > MAX_SIGNAL_BYTES) throw badRequest('Error parsing field payload: too large');
    const delivered = meetingHub.send(meetingId, { type: 'signal', from: peerKey, payload }, to ? { to } : { from: peerKey });
    res.json({ delivered });
  });

  return router;
};
