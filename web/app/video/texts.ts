/** docs/contract/portal.md#video-meetings, #errors. */
export const VIDEO_TEXTS = {
  eventMissing: 'This event no longer exists',
  waitingRoom: 'Waiting Room',
  waiting: 'Waiting for the host to start the meeting',
  ended: 'This meeting has been ended by the host',
  backHome: 'Back to Home',
  cameraChecking: 'Checking your camera and microphone…',
  cameraReady: 'Your camera and microphone are working.',
  cameraDenied: 'Your browser is not allowed to use your camera or microphone. Allow them in the browser\'s site settings (the icon beside the address), then reload this page.',
  cameraMissing: 'No camera or microphone was found. Connect one, then reload this page.',
  cameraUnavailable: 'Your camera or microphone could not be started. Close other apps that may be using them, then reload this page.',
} as const;

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

