import { randomBytes } from 'node:crypto';
import { newId } from '@carelane/db';

/**
 * Where a meeting's media flows, behind one interface (as mail and storage are). The embedded default
 * is the built-in WebRTC call: the api only relays signalling between a meeting's attendees
 * (signalling.ts) and media goes browser to browser, with STUN/TURN servers from configuration.
 */
export interface AttendeeInfo {
  AttendeeId: string;
  ExternalUserId: string;
  JoinToken: string;
}

export interface VideoChannel {
  readonly kind: string;
  /** The provider's meeting (its id is the meeting's ExternalMeetingId), stored as meetingInfo.Meeting. */
  createMeeting(externalMeetingId: string): Promise<Record<string, unknown>>;
  createAttendee(meetingId: string, attendee: { type: string; id: string }): Promise<AttendeeInfo>;
  endMeeting(meetingId: string): Promise<void>;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/**
 * VIDEO_ICE_SERVERS: a JSON list of RTCIceServer ({ urls, username?, credential? }); without it no ICE
 * servers are given, which is enough for browsers on one machine or one network (host candidates).
 */
export const iceServersFrom = (env: NodeJS.ProcessEnv): IceServer[] => {
  const raw = env.VIDEO_ICE_SERVERS;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('VIDEO_ICE_SERVERS must be a JSON list of { urls, username?, credential? }');
  }
  if (!Array.isArray(parsed) || !parsed.every((s) => s && (typeof s.urls === 'string' || Array.isArray(s.urls)))) {
    throw new Error('VIDEO_ICE_SERVERS must be a JSON list of { urls, username?, credential? }');
  }
  return parsed as IceServer[];
};

/** Path of a meeting's signalling socket on the api (signalling.ts). */
export const signallingPath = (meetingId: string) => `/v1/meetings/${meetingId}/signal`;

export class BuiltInVideoChannel implements VideoChannel {
  readonly kind = 'builtin';
  constructor(private readonly iceServers: IceServer[]) {}

  async createMeeting(externalMeetingId: string) {
    // The signalling socket is named by the meeting record's id (known once it is stored): see withSignalling.
    return { MeetingId: externalMeetingId, ExternalMeetingId: externalMeetingId, provider: 'builtin', iceServers: this.iceServers };
  }

  async createAttendee(_meetingId: string, attendee: { type: string; id: string }) {
    // The join token names the attendee on the signalling channel alongside their session (never alone).
    return { AttendeeId: newId(), ExternalUserId: attendee.id, JoinToken: randomBytes(16).toString('hex') };
  }

  async endMeeting() {
    // Nothing to release: peers are told through signalling and the meeting's change event.
  }
}

export const videoChannelFrom = (env: NodeJS.ProcessEnv = process.env): VideoChannel => new BuiltInVideoChannel(iceServersFrom(env));

/** A meeting's info as answered to attendees: for the built-in call, where its signalling socket is. */
export const withSignalling = (meetingId: string, meetingInfo: Record<string, unknown> | undefined) => {
  const Meeting = (meetingInfo?.Meeting ?? {}) as Record<string, unknown>;
  if (Meeting.provider !== 'builtin') return meetingInfo;
  return { ...meetingInfo, Meeting: { ...Meeting, MediaPlacement: { SignalingURL: signallingPath(meetingId) } } };
};
