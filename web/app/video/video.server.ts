import { ApiError, callApi } from '../api.server';
import { getRecord, optionalText } from '../portal/resources.server';
import { formatIn } from '../time/format';
import type { MeetingStatus, VideoView } from './texts';
import type { ZoomJoin } from './ZoomCall';


type Row = Record<string, unknown>;

const readOrUndefined = async (authToken: string, singular: string, id: string) => {
  try {
    return await getRecord(authToken, singular, id);
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return undefined;
    throw error;
  }
};

const statusOf = (meeting: Row | undefined): MeetingStatus => (meeting?.status === 'ended' ? 'ended' : meeting?.status === 'live' ? 'live' : 'none');

/**
 * What the waiting room shows: the event's (or meeting's) title and the meeting's state. Answers
 * 'missing' for an event the enduser cannot find, or the event page for an event held on an outside
 * video service (it has its own join link there).
 */
/** The page's language for what the server writes: an untitled call's name and the Intl locale of its time. */
export interface PageWords {
  untitled: string;
  locale?: string;
}

const ENGLISH_PAGE: PageWords = { untitled: 'Video call' };

export const loadVideoView = async (authToken: string, enduserId: string, params: { calendarEventId?: string; meetingId?: string }, zone = 'UTC', page: PageWords = ENGLISH_PAGE): Promise<VideoView | 'missing' | { redirect: string }> => {
  const whenOf = (event: Row | undefined) => (event && Number(event.startTimeInMS) ? formatIn(Number(event.startTimeInMS), zone, 'dateTime', page.locale) : undefined);
  if (params.calendarEventId) {
    const event = await readOrUndefined(authToken, 'calendar-event', params.calendarEventId);
    if (!event) return 'missing';
    const integration = optionalText(event.videoIntegration);
    if (integration && integration !== 'No Integration' && optionalText(event.videoURL)) return { redirect: `/events/${encodeURIComponent(event.id)}` };
    const meetingId = optionalText(event.meetingId);
    const meeting = meetingId ? await readOrUndefined(authToken, 'meeting', meetingId) : undefined;
    const status: MeetingStatus = meeting ? statusOf(meeting) : event.meetingStatus === 'ended' ? 'ended' : 'none';
    return { title: optionalText(event.displayTitle) ?? optionalText(event.title) ?? page.untitled, status, meetingId, calendarEventId: event.id, host: meeting?.creator === enduserId, when: whenOf(event) };
  }
  const meeting = params.meetingId ? await readOrUndefined(authToken, 'meeting', params.meetingId) : undefined;
  if (!meeting) return 'missing';
  const calendarEventId = optionalText((meeting.meetingInfo as Row | undefined)?.calendarEventId) ?? optionalText(meeting.calendarEventId);
  const event = calendarEventId ? await readOrUndefined(authToken, 'calendar-event', calendarEventId) : undefined;
  return {
    title: optionalText(event?.displayTitle) ?? optionalText(event?.title) ?? optionalText(meeting.title) ?? page.untitled,
    status: statusOf(meeting),
    meetingId: meeting.id,
    calendarEventId: event?.id,
    host: meeting.creator === enduserId,
    when: whenOf(event),
  };
};

/** Joins the live meeting (docs/contract/api.md#meetings): for an event, join-meeting-for-event; answers the ICE servers to use. */
export const joinMeeting = async (authToken: string, view: VideoView) => {
  if (view.calendarEventId) {
    const answer = await callApi<{ id: string; meeting?: Row }>('/v1/join-meeting-for-event', { method: 'POST', authToken, body: { calendarEventId: view.calendarEventId } });
    const iceServers = ((answer.meeting?.Meeting as Row | undefined)?.iceServers ?? []) as RTCIceServer[];
    return { meetingId: answer.id, iceServers };
  }
  // A meeting opened by id: the enduser is already among its attendees (they could read it).
  const meeting = await getRecord(authToken, 'meeting', String(view.meetingId));
  const iceServers = ((((meeting.meetingInfo as Row | undefined)?.Meeting as Row | undefined)?.iceServers ?? []) as RTCIceServer[]);
  return { meetingId: meeting.id, iceServers };
};

export const endMeeting = (authToken: string, meetingId: string) => callApi('/v1/end-meeting', { method: 'POST', authToken, body: { id: meetingId } });

/** The Zoom meeting of an event, for the page's Zoom client: the api's join signature (no secret), or that it cannot be joined here. */
export const loadZoomView = async (authToken: string, calendarEventId: string, page: PageWords = ENGLISH_PAGE) => {
  const event = await readOrUndefined(authToken, 'calendar-event', calendarEventId);
  if (!event) return 'missing' as const;
  const title = optionalText(event.displayTitle) ?? optionalText(event.title) ?? page.untitled;
  const zoomURL = optionalText(event.videoURL);
  const leaveUrl = `/events/${encodeURIComponent(event.id)}`;
  try {
    const join = await callApi<ZoomJoin>('/v1/zoom-meeting-sdk-signature', { method: 'POST', authToken, body: { calendarEventId: event.id } });
    return { title, zoomURL, leaveUrl, join };
  } catch (error) {
    // The api's reason names settings a patient cannot act on: the page says it in the patient's words.
    if (error instanceof ApiError && error.status === 400) return { title, zoomURL, leaveUrl };
    throw error;
  }
};
