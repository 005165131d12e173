import { createCookie, redirect } from '@remix-run/node';
import { config } from '../config.server';
import { isDisabledPath, navigationEntries, type PageSetting } from '../navigation';
import { refreshSessionIfDue } from '../session.server';
import { unreadChatCount } from './chat.server';
import { listRecords, optionalText, type ApiRecord } from './resources.server';
import { displayNameOf, loadSignedIn, pageSettingsFor } from './signed-in.server';

/** A live video meeting counts for the alert when it started less than 2 hours ago (002 §9). */
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

/** A failed optional lookup leaves its part of the shell out rather than failing the page. */
const orEmpty = (what: string) => (error: unknown) => {
  console.error(`Loading ${what} for the portal shell failed`, error instanceof Error ? error.message : error);
  return [] as ApiRecord[];
};

/**
 * Everything the signed-in shell shows (002 §2.2): the enduser, the navigation built from the page
 * settings and the facts that show Care Plan and Book an Appointment, and the live call to join.
 * A path whose page is disabled goes to /home. Also refreshes the session when due (002 §4).
 */
export const loadShell = async (request: Request) => {
  const now = Date.now();
  const { enduser, data: loaded } = await loadSignedIn(request, (authToken, enduserId) =>
    Promise.all([
      pageSettingsFor(request, authToken),
      listRecords(authToken, 'care-plans', { filter: { enduserId }, limit: 1 }).catch(orEmpty('care plans')),
      listRecords(authToken, 'calendar-event-templates', { filter: { enableSelfScheduling: true }, limit: 1 }).catch(orEmpty('event types')),
      listRecords(authToken, 'meetings', { filter: { status: 'live' }, limit: 20, sort: 'newFirst' }).catch(orEmpty('meetings')),
      unreadChatCount(authToken, enduserId),
    ]),
  );
  const [settings, carePlans, templates, meetings, unreadChats] = loaded;
  const [preferences, setCookie] = await Promise.all([readPreferences(request), refreshSessionIfDue(request, now)]);
  const pageSettings = settings.map(pageSettingOf);
  if (isDisabledPath(new URL(request.url).pathname, pageSettings)) throw redirect('/home');
  const navigation = navigationEntries(pageSettings, { hasCarePlan: carePlans.length > 0, selfScheduling: templates.length > 0 });
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
    },
    setCookie,
  };
};
