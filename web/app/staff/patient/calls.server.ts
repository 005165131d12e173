import { callApi } from '../../api.server';
import { typedInstant } from '../calendar/appointment-actions.server';
import { formatIn } from '../../time/format';

type Row = Record<string, unknown> & { id: string };

/** A call as the record lists it: which way, when on the staff member's clock, who took it, and what was said. */
export interface CallView {
  id: string;
  /** 'Call from the patient', 'Call to the patient', 'Voicemail'. */
  label: string;
  at: number;
  when: string;
  /** 'Taken by Dana Lee · 2 min 5 s'. */
  facts: string;
  note: string;
  transcription: string;
  /** A voicemail or missed call nobody has marked heard yet. */
  unread: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const length = (seconds: unknown) => {
  if (typeof seconds !== 'number' || !(seconds > 0)) return '';
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return minutes ? `${minutes} min${rest ? ` ${rest} s` : ''}` : `${rest} s`;
};

export const callLabel = (row: Record<string, unknown>) =>
  row.isVoicemail === true ? 'Voicemail' : row.inbound === true ? 'Call from the patient' : 'Call to the patient';

/** The patient's calls (phone_calls), newest first; `nameOf` names a staff member by id. */
export const callsView = (rows: Row[], nameOf: (userId: string) => string | undefined, zone: string): CallView[] =>
  rows
    .map((row) => {
      // When it happened: a call logged afterwards says so in `timestamp`; others when they were written.
      const at = Date.parse(String(row.timestamp ?? '')) || Date.parse(String(row.createdAt ?? '')) || 0;
      const staff = text(row.userId) ? (nameOf(text(row.userId)) ?? 'A former staff member') : '';
      const who = staff ? (row.inbound === true && row.isVoicemail !== true ? `Taken by ${staff}` : row.isVoicemail === true ? `For ${staff}` : `By ${staff}`) : '';
      return {
        id: row.id,
        label: callLabel(row),
        at,
        when: formatIn(at, zone),
        facts: [who, length(row.callDurationInSeconds ?? row.recordingDurationInSeconds)].filter(Boolean).join(' · '),
        note: text(row.note),
        transcription: text(row.transcription),
        unread: row.unread === true,
      };
    })
    .sort((a, b) => b.at - a.at);

/** What the calls' forms hear back (a PatientActionState: patient-actions.server.ts answers it). */
type CallAnswer = { intent: string; saved?: string; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

/** The longest call the form takes, in minutes (ten hours): beyond it a slip of the keyboard is likelier. */
const MAX_CALL_MINUTES = 600;

/**
 * When the call happened, typed on the staff member's clock (empty: now), and how long it lasted (empty:
 * not said); a field error for each box that is wrong.
 */
const callTimeAndLength = (form: FormData, zone: string) => {
  const values = { callDay: text(form.get('callDay')), callTime: text(form.get('callTime')), callMinutes: text(form.get('callMinutes')) };
  const fieldErrors: Record<string, string> = {};
  const at = values.callDay ? typedInstant(values.callDay, values.callTime || '00:00', zone) : undefined;
  if (values.callDay && at === undefined) fieldErrors.callDay = 'Pick a day from the calendar';
  else if (!values.callDay && values.callTime) fieldErrors.callDay = 'Pick the day of the call';
  else if (at !== undefined && at > Date.now() + 60_000) fieldErrors.callDay = 'A call cannot be logged in the future';
  const minutes = values.callMinutes ? Number(values.callMinutes.replace(',', '.')) : undefined;
  if (minutes !== undefined && !(Number.isFinite(minutes) && minutes >= 0 && minutes <= MAX_CALL_MINUTES)) fieldErrors.callMinutes = `Enter the minutes, from 0 to ${MAX_CALL_MINUTES}`;
  return { values, fieldErrors, at, seconds: minutes === undefined ? undefined : Math.round(minutes * 60) };
};

/**
 * Logs a call made or taken: which way, what was said (a call with nothing to say about it is still
 * worth a line: "no answer"), and, when it was not just now, when it happened and how long it took.
 * The staff member logging it is the one who made or took it.
 */
export const logCall = async (authToken: string, enduserId: string, userId: string, phone: string | undefined, form: FormData, zone: string): Promise<CallAnswer> => {
  const intent = 'call';
  const direction = String(form.get('direction') ?? '');
  const note = text(form.get('callNote'));
  const { values, fieldErrors, at, seconds } = callTimeAndLength(form, zone);
  if (direction !== 'inbound' && direction !== 'outbound') fieldErrors.direction = 'Say who called';
  if (note.length > 5000) fieldErrors.callNote = 'Keep the note under 5,000 characters';
  if (Object.keys(fieldErrors).length) return { intent, fieldErrors, values: { ...values, callNote: note, direction } };
  const inbound = direction === 'inbound';
  await callApi('/v1/phone-call', {
    method: 'POST',
    authToken,
    body: {
      enduserId,
      inbound,
      userId,
      unread: false,
      ...(phone ? (inbound ? { from: phone } : { to: phone }) : {}),
      ...(note ? { note } : {}),
      ...(at !== undefined ? { timestamp: new Date(at).toISOString() } : {}),
      ...(seconds !== undefined ? { callDurationInSeconds: seconds } : {}),
    },
  });
  return { intent, saved: inbound ? 'Call from the patient logged' : 'Call to the patient logged' };
};

/** Marks a voicemail or missed call heard (unread: false), so it leaves Today's list. */
export const markCallHeard = async (authToken: string, form: FormData): Promise<CallAnswer> => {
  const intent = 'call-heard';
  const id = String(form.get('callId') ?? '');
  if (!/^[0-9a-f]{24}$/.test(id)) return { intent, formError: 'That call could not be found. Reload the page and try again.' };
  await callApi(`/v1/phone-call/${id}`, { method: 'PATCH', authToken, body: { updates: { unread: false } } });
  return { intent, saved: 'Marked heard' };
};

/** The record timeline's line for each call: what was said (or transcribed), a voicemail not heard yet marked so. */
export const callEntries = (calls: CallView[]) =>
  calls.map((call) => ({
    key: `call-${call.id}`,
    at: call.at,
    kind: call.label === 'Voicemail' ? ('Voicemail' as const) : ('Call' as const),
    summary: call.note || call.transcription || (call.label === 'Voicemail' ? 'A voicemail' : 'No note'),
    inbound: call.label !== 'Call to the patient',
    status: call.unread ? 'not heard' : undefined,
  }));
