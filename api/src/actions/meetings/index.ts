import type { Action } from '../action';
import { addAttendeesToMeeting, attendeeInfo, sendMeetingInvite } from './attendee-calls';
import { endMeeting } from './end-meeting';
import { generateMeetingLink, joinMeetingForEvent, startMeetingForEvent } from './meeting-for-event';
import { myMeetings } from './my-meetings';
import { startMeeting } from './start-meeting';
import { changeZoomHost, generateZoomMeeting } from './zoom-calls';
import { zoomMeetingSdkSignature } from './zoom-sdk-signature';

/** Meeting and video calls (docs/contract/api.md#meetings). Status changes only here: start makes a meeting live, end ends it. */
export const MEETING_ACTIONS: Action[] = [
  startMeeting,
  endMeeting,
  sendMeetingInvite,
  addAttendeesToMeeting,
  attendeeInfo,
  myMeetings,
  startMeetingForEvent,
  joinMeetingForEvent,
  generateMeetingLink,
  generateZoomMeeting,
  changeZoomHost,
  zoomMeetingSdkSignature,
];
