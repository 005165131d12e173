/** 002 §4 Video meetings and waiting room, §8. */
export const VIDEO_TEXTS = {
  eventMissing: 'This event no longer exists',
  waitingRoom: 'Waiting Room',
  waiting: 'Waiting for the host to start the meeting',
  ended: 'This meeting has been ended by the host',
} as const;

export type MeetingStatus = 'none' | 'live' | 'ended';

export interface VideoView {
  title: string;
  status: MeetingStatus;
  meetingId?: string;
  calendarEventId?: string;
  /** The enduser started the meeting (its creator): they may end it for all. */
  host: boolean;
}

