// The call's words are in the catalogue (web/app/i18n/catalogue/en/video.ts and its Spanish).

export type MeetingStatus = 'none' | 'live' | 'ended';

export interface VideoView {
  title: string;
  status: MeetingStatus;
  meetingId?: string;
  calendarEventId?: string;
  /** The enduser started the meeting (its creator): they may end it for all. */
  host: boolean;
  /** When the appointment starts, on the patient's clock with the zone's short name. */
  when?: string;
}

