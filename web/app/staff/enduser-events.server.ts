import { callApi } from '../api.server';
import { socketEventStream } from '../socket-event-stream.server';

/** How often the stream looks for the worker's own writes directly: a safety net beside the socket, which hears them through the change relay. */
const WORKER_WRITES_POLL_MS = 3_000;

/**
 * A short fingerprint of what the journey worker writes for an enduser (automated actions and their
 * statuses, the newest email and text). The activities' changes reach the socket through the change
 * relay (issue 11); this keeps the timeline live should the relay lag or the socket miss one.
 */
const workerWritesFingerprint = async (authToken: string, enduserId: string) => {
  const filter = JSON.stringify({ enduserId });
  const newest = (path: string, limit: string) => callApi<{ id: string; status?: string }[]>(path, { authToken, query: { filter, limit, sort: 'newFirst' } });
  const [actions, emails, texts] = await Promise.all([newest('/v1/automated-actions', '200'), newest('/v1/emails', '1'), newest('/v1/sms-messages', '1')]);
  return [...actions.map((action) => `${action.id}:${action.status ?? ''}`), emails[0]?.id ?? '', texts[0]?.id ?? ''].join(',');
};
/** The models an enduser's timeline shows (socket.io event names use the REST plural with underscores). */
const MODELS = ['emails', 'sms_messages', 'form_responses', 'enduser_status_updates', 'automated_actions', 'endusers', 'calendar_events'];

type Pushed = { enduserId?: unknown; id?: unknown; attendees?: unknown };
/** Calendar events name their endusers among attendees ({ type: 'enduser', id }). */
const attends = (record: Pushed, enduserId: string) =>
  Array.isArray(record.attendees) && record.attendees.some((attendee: { id?: unknown } | null) => attendee?.id === enduserId);

const aboutEnduser = (enduserId: string) => (records: unknown) =>
  Array.isArray(records) &&
  records.some(
    (record: Pushed | null) => record && typeof record === 'object' && (record.enduserId === enduserId || record.id === enduserId || attends(record, enduserId)),
  );

/**
 * Server-sent events for one enduser's page in the console, as the portal's chat stream does: the
 * web server opens the api's realtime socket with the staff token (which stays server-side) and
 * sends `change` (no content) when a record of the timeline's models about this enduser is created
 * or updated, or when the worker's own writes for the enduser changed (polled, see above); the page
 * then reloads its data. `ready` says the live channel works.
 */
export const enduserEventStream = (authToken: string, enduserId: string, signal: AbortSignal) =>
  socketEventStream(authToken, signal, (socket, notify) => {
    const concerns = aboutEnduser(enduserId);
    for (const model of MODELS) {
      for (const kind of ['created', 'updated']) socket.on(`${kind}-${model}`, (records: unknown) => concerns(records) && notify('change'));
    }
    let fingerprint: string | undefined;
    const look = () =>
      workerWritesFingerprint(authToken, enduserId).then(
        (next) => {
          if (fingerprint !== undefined && next !== fingerprint) notify('change');
          fingerprint = next;
        },
        () => undefined, // the api is away for a moment: the next poll tries again
      );
    // The first look at once, so a change in the stream's first seconds is not taken for the baseline.
    void look();
    const poll = setInterval(look, WORKER_WRITES_POLL_MS);
    return () => clearInterval(poll);
  });
