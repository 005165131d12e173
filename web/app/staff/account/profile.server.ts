import { callApi, formErrorMessage } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { staffSessionWithUser, type StaffUser } from '../session.server';

export type ProfileFields = 'fname' | 'lname' | 'timezone';

/** The api's notification type for "a patient wrote" (api/src/actions/messaging/conversations.ts); preferences are keyed by it. */
const PATIENT_MESSAGE = 'newEnduserMessage';

type OwnRecord = {
  fname?: string;
  lname?: string;
  timezone?: string;
  autoReplyEnabled?: boolean;
  weeklyAvailabilities?: { active?: unknown }[];
  notificationEmailsDisabled?: boolean;
  notificationPreferences?: Record<string, { email?: boolean } | undefined>;
};

const emailsOnMessage = (me: OwnRecord) => me.notificationEmailsDisabled !== true && me.notificationPreferences?.[PATIENT_MESSAGE]?.email !== false;
export type OwnProfileState = { intent: 'profile' | 'password'; saved?: string; error?: string; fieldErrors?: Partial<Record<ProfileFields, string>> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The staff member's own name and clock as their account page edits them. */
export const ownProfile = async (authToken: string, user: StaffUser) => {
  const me = await callApi<OwnRecord>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
  return {
    fname: me.fname ?? '',
    lname: me.lname ?? '',
    timezone: me.timezone ?? '',
    emailOnMessage: emailsOnMessage(me),
    autoReply: me.autoReplyEnabled === true,
    /** Without working hours nobody is ever out of office, so no reply goes out (api/src/actions/messaging/office-hours.ts). */
    hasHours: (me.weeklyAvailabilities ?? []).length > 0,
  };
};

/**
 * Saves the staff member's own name (what patients and colleagues see on their messages) and clock
 * (times in the staff app; empty: their browser's), then the session's copy of them, so the next
 * page already uses both; and whether a patient's message to them is emailed (their notification
 * preference for it; turning it on also lifts an "all emails off"); and whether patients who write
 * to them out of their hours get the automatic reply (autoReplyEnabled). The api's refusal comes back on the field it names.
 */
export const saveOwnProfile = async (request: Request, authToken: string, user: StaffUser, form: FormData): Promise<{ state: OwnProfileState; cookie?: string }> => {
  const updates: Record<string, unknown> = { fname: text(form, 'fname') || null, lname: text(form, 'lname') || null, timezone: text(form, 'timezone') || null };
  if (!updates.fname) return { state: { intent: 'profile', fieldErrors: { fname: 'Enter your first name' } } };
  try {
    const me = await callApi<OwnRecord>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
    updates.autoReplyEnabled = form.has('autoReply');
    const emailOnMessage = form.has('emailOnMessage');
    if (emailOnMessage !== emailsOnMessage(me)) {
      const preferences = me.notificationPreferences ?? {};
      updates.notificationPreferences = { ...preferences, [PATIENT_MESSAGE]: { ...(preferences[PATIENT_MESSAGE] ?? {}), email: emailOnMessage } };
      if (emailOnMessage && me.notificationEmailsDisabled === true) updates.notificationEmailsDisabled = false;
    }
    // replaceObjectFields: the preferences sent are the preferences, not merged into the stored ones.
    const saved = await callApi<Record<string, unknown>>(`/v1/user/${encodeURIComponent(user.id)}`, { method: 'PATCH', authToken, body: { updates, options: { replaceObjectFields: true } } });
    // The session's copy keeps what it had (roles, business) and takes what changed.
    const basics = { ...user, ...updates, ...(saved && typeof saved === 'object' ? saved : {}) };
    return { state: { intent: 'profile', saved: 'Your details are saved.' }, cookie: await staffSessionWithUser(request, basics) };
  } catch (error) {
    const problem = apiProblem(error, ['fname', 'lname', 'timezone']);
    return { state: problem.field ? { intent: 'profile', fieldErrors: { [problem.field]: problem.message.replace(/^Error parsing field \w+: /, '') } } : { intent: 'profile', error: problem.message } };
  }
};

/** A password change goes through the emailed reset link (POST /request-password-reset): whoever holds the session alone cannot change it. */
export const sendPasswordLink = async (authToken: string, user: StaffUser): Promise<OwnProfileState> => {
  try {
    // The account's address as the api holds it now (the session's copy may predate a change).
    const { email = '' } = await callApi<{ email?: string }>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
    await callApi('/v1/request-password-reset', { method: 'POST', body: { email } });
    return { intent: 'password', saved: `We emailed a link to ${email}. Open it to choose a new password; it works once.` };
  } catch (error) {
    return { intent: 'password', error: formErrorMessage(error) };
  }
};
