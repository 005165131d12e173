import jwt from 'jsonwebtoken';
import { calendar_events, validators as v } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';

class ZoomSignatureInput {
  @Required(v.id, S.id)
  calendarEventId!: string;
}

type Row = Record<string, unknown>;

/** A signature is good for joining within this time (Zoom allows 30 minutes to 48 hours). */
const SIGNATURE_SECONDS = 2 * 60 * 60;
export const ZOOM_SDK_NOT_CONFIGURED = 'Zoom Meeting SDK is not configured: set ZOOM_MEETING_SDK_KEY and ZOOM_MEETING_SDK_SECRET';
export const NOT_A_ZOOM_EVENT = 'This event has no Zoom meeting';

/**
 * The Meeting SDK app's credentials: ZOOM_MEETING_SDK_KEY/SECRET, or else the Zoom app already
 * configured for meetings (ZOOM_CLIENT_ID/SECRET), for an app that holds both kinds of credentials.
 */
const sdkCredentials = (env: NodeJS.ProcessEnv = process.env) => {
  const key = env.ZOOM_MEETING_SDK_KEY?.trim() || env.ZOOM_CLIENT_ID?.trim();
  const secret = env.ZOOM_MEETING_SDK_SECRET?.trim() || env.ZOOM_CLIENT_SECRET?.trim();
  return key && secret ? { key, secret } : undefined;
};

/**
 * The Meeting SDK's join signature (Zoom's documented JWT: HS256 over appKey/sdkKey, mn, role, iat,
 * exp, tokenExp, signed with the SDK secret). Made here so the secret never reaches a browser.
 */
export const meetingSdkSignature = (credentials: { key: string; secret: string }, meetingNumber: string, role: 0 | 1, now = Math.floor(Date.now() / 1000)) =>
  jwt.sign(
    { appKey: credentials.key, sdkKey: credentials.key, mn: meetingNumber, role, iat: now - 30, exp: now + SIGNATURE_SECONDS, tokenExp: now + SIGNATURE_SECONDS },
    credentials.secret,
    { algorithm: 'HS256' },
  );

/**
 * POST /zoom-meeting-sdk-signature { calendarEventId }: what the video call page's Zoom client needs
 * to join the event's Zoom meeting: { signature, sdkKey, meetingNumber, password, userName }. The
 * caller must be able to read the event (an attendee enduser, or staff). Everyone joins as a
 * participant (role 0): hosting through the SDK needs the host's own Zoom token (ZAK), and the
 * meeting's host is the staff member's Zoom account. The SDK key is public by design; the secret stays here.
 */
export const zoomMeetingSdkSignature = defineAction({
  method: 'post',
  path: '/zoom-meeting-sdk-signature',
  auth: 'any',
  input: ZoomSignatureInput,
  handler: async ({ services, caller }, { calendarEventId }) => {
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const fields = (event.fields ?? {}) as Row;
    const meetingNumber = typeof fields.zoomMeetingId === 'string' || typeof fields.zoomMeetingId === 'number' ? String(fields.zoomMeetingId).replace(/\D/g, '') : '';
    if (event.videoIntegration !== 'Zoom' || !meetingNumber) throw badRequest(NOT_A_ZOOM_EVENT);
    const credentials = sdkCredentials();
    if (!credentials) throw new ApiError(400, ZOOM_SDK_NOT_CONFIGURED);
    const record = (caller.record ?? {}) as Row;
    const userName = [record.fname, record.lname].filter((part) => typeof part === 'string' && part).join(' ') || (caller.type === 'enduser' ? 'Patient' : 'Staff');
    return {
      signature: meetingSdkSignature(credentials, meetingNumber, 0),
      sdkKey: credentials.key,
      meetingNumber,
      password: typeof fields.zoomPassword === 'string' ? fields.zoomPassword : '',
      userName,
    };
  },
});
