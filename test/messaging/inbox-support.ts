import type { Session } from '@tellescope/sdk';

/** Calls one of the inbox's named calls (api/src/actions/messaging/inbox-*.ts) as a staff session. */
export const inboxCall = async <T = Record<string, unknown>>(host: string, session: Session, method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) => {
  const url = new URL(`${host}/v1${path}`);
  if (method === 'GET') for (const [key, value] of Object.entries(input)) url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${session.authToken}`, 'Content-Type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(input) : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  return { status: response.status, body };
};

export interface Card {
  key: string;
  channel: string;
  patientName: string;
  lastMessage: string;
  lastMessageAt: number;
  unreadCount: number;
  markedUnread: boolean;
  assignees: { id: string; name: string }[];
  closedAt?: number;
}
