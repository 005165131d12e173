import { createCookie, redirect } from '@remix-run/node';
import { isTimeZone } from '@carelane/automation';
import { config } from '../config.server';
import { requestTexts } from '../i18n/request-texts.server';
import { isDisabledPath, navigationEntries, type PageSetting } from '../navigation';
import { refreshSessionIfDue } from '../session.server';
import { unreadChatCount } from './chat.server';
import { browserTimeZone } from '../time/viewer-zone.server';
import { recordBrowserZone } from './record-time-zone.server';
import { optionalText, type ApiRecord } from './resources.server';
import { displayNameOf, isHomePath, portalBootstrap } from './signed-in.server';

/** A live video meeting counts for the alert when it started less than 2 hours ago (docs/contract/portal.md#constants). */
export const LIVE_CALL_WINDOW_MS = 7_200_000;

/** Preferences of this browser for the shell: the sidebar's state and the dismissed call alerts. */
export const shellPreferences = createCookie('__carelane_shell', {
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  path: '/',
  maxAge: 60 * 60 * 24 * 365,
  secrets: [config.sessionSecret],
});

export interface ShellPreferences {
  sidebarClosed?: boolean;
  dismissedMeetings?: string[];
}

export const readPreferences = async (request: Request): Promise<ShellPreferences> => {
  const value = await shellPreferences.parse(request.headers.get('Cookie'));
  return value && typeof value === 'object' ? (value as ShellPreferences) : {};
};

const pageSettingOf = (record: ApiRecord): PageSetting => ({
  page: String(record.page ?? ''),
  title: optionalText(record.title),
  disabled: record.disabled === true,
  mobileBottomNavigationPosition: typeof record.mobileBottomNavigationPosition === 'number' ? record.mobileBottomNavigationPosition : undefined,
});

/**
 * Everything the signed-in shell shows (docs/contract/portal.md#shell): the enduser, the navigation built from the page
 * settings and the facts that show Care Plan and Book an Appointment, and the live call to join.
 * A path whose page is disabled goes to /home. Also refreshes the session when due (docs/contract/portal.md#session).
 */
export const loadShell = async (request: Request) => {
  const now = Date.now();
  // One api call for the session's enduser and everything below (and, on /home, Home's data too,
  // shared with its loader).
  const bootstrap = await portalBootstrap(request, isHomePath(new URL(request.url).pathname));
  const { enduser } = bootstrap;
  const settings = bootstrap.portalCustomizations;
  const carePlans = bootstrap.carePlans ?? [];
  const templates = bootstrap.selfSchedulingTemplates ?? [];
  const meetings = bootstrap.liveMeetings ?? [];
  const unreadChats = await unreadChatCount(Promise.resolve(bootstrap.chatRooms), enduser.id);
  const [preferences, setCookie] = await Promise.all([readPreferences(request), refreshSessionIfDue(request, now), recordBrowserZone(request, bootstrap.authToken, enduser)]);
  const pageSettings = settings.map(pageSettingOf);
  if (isDisabledPath(new URL(request.url).pathname, pageSettings)) throw redirect('/home');
  const { t } = await requestTexts(request);
  const navigation = navigationEntries(pageSettings, { hasCarePlan: carePlans.length > 0, selfScheduling: templates.length > 0 }, (key) => t(`pages.${key}`, { ns: 'shell' }));
  const dismissed = new Set(preferences.dismissedMeetings ?? []);
  const liveCall = meetings.find((meeting) => {
    const started = Date.parse(String(meeting.startedAt ?? meeting.createdAt ?? ''));
    return Number.isFinite(started) && now - started < LIVE_CALL_WINDOW_MS && !dismissed.has(meeting.id);
  });
  return {
    data: {
      // The avatar's address changes with the image, so a new one is never hidden by the cache.
      enduser: { id: enduser.id, name: displayNameOf(enduser), avatarVersion: typeof enduser.avatar === 'string' && enduser.avatar ? enduser.avatar.slice(-12) : undefined },
      navigation,
      sidebarClosed: preferences.sidebarClosed === true,
      liveCall: liveCall ? { meetingId: liveCall.id } : undefined,
      // The Communications badge (components/NavIcon.tsx).
      unreadChats,
      // Whether this render knew the patient's own clock (theirs or their browser's): when not, the
      // page asks again once the browser has reported it (time/useRevalidateWhenZoneReported.ts).
      zoneKnown: isTimeZone(enduser.timezone) || !!browserTimeZone(request),
    },
    setCookie,
  };
};
