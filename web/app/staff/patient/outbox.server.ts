import { ApiError, callApi } from '../../api.server';
import { formatIn } from '../../time/format';

/** One line of the patient's outbox as the record shows it: times already on the viewer's clock. */
export interface OutboxLine {
  entryId: string;
  when: string;
  iso: string;
  channel: string;
  cause: string;
  status: 'pending' | 'cancelled' | 'voided';
  reason?: string;
}

interface OutboxEntry {
  entryId: string;
  sendAt: number;
  channel: string;
  cause: string;
  appointmentStartsAt?: number;
  status: OutboxLine['status'];
  reason?: string;
}

/** The patient's outbox (GET /enduser-outbox), on the viewer's clock; a role that may not read it sees none. */
export const loadOutbox = async (authToken: string, enduserId: string, zone: string): Promise<OutboxLine[]> => {
  let entries: OutboxEntry[];
  try {
    ({ entries } = await callApi<{ entries: OutboxEntry[] }>('/v1/enduser-outbox', { authToken, query: { enduserId } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
  return entries.map((entry) => ({
    entryId: entry.entryId,
    when: formatIn(entry.sendAt, zone),
    iso: new Date(entry.sendAt).toISOString(),
    channel: entry.channel,
    cause: entry.appointmentStartsAt ? `${entry.cause} on ${formatIn(entry.appointmentStartsAt, zone)}` : entry.cause,
    status: entry.status,
    ...(entry.reason ? { reason: entry.reason } : {}),
  }));
};

/** Cancels one pending send (POST /cancel-outbox-entry); the api checks it is this patient's and still pending. */
export const cancelOutboxEntry = (authToken: string, enduserId: string, entryId: string) =>
  callApi('/v1/cancel-outbox-entry', { method: 'POST', authToken, body: { enduserId, entryId } });
