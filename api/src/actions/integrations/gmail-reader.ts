import { ApiError } from '../../errors';

/** One Gmail message as the sync records it (bodies decoded, headers picked). */
export interface MailboxMessage {
  id: string;
  threadId?: string;
  from: string;
  subject: string;
  text?: string;
  html?: string;
  snippet?: string;
  /** When Gmail received it (ms since the epoch). */
  receivedAt: number;
}

interface GmailPart {
  mimeType?: string;
  headers?: { name: string; value: string }[];
  body?: { data?: string };
  parts?: GmailPart[];
}

interface GmailMessage {
  id: string;
  threadId?: string;
  snippet?: string;
  internalDate?: string;
  payload?: GmailPart;
}

/** How many messages one sync reads at most (the newest, Gmail lists newest first). */
export const MAX_MESSAGES_PER_SYNC = 100;
export const MAILBOX_UNAVAILABLE = 'The connected mailbox could not be read';

/** Thrown when Gmail refuses the access token, so the caller can refresh it and try once more. */
export class MailboxTokenRefused extends Error {}

const header = (part: GmailPart | undefined, name: string) => part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** The first body of each type, depth first (multipart/alternative and multipart/mixed alike). */
const bodies = (part: GmailPart | undefined, found: { text?: string; html?: string } = {}) => {
  if (!part) return found;
  const data = part.body?.data ? Buffer.from(part.body.data, 'base64url').toString('utf8') : undefined;
  if (data !== undefined && part.mimeType === 'text/plain' && found.text === undefined) found.text = data;
  if (data !== undefined && part.mimeType === 'text/html' && found.html === undefined) found.html = data;
  for (const child of part.parts ?? []) bodies(child, found);
  return found;
};

/** "Pat Doe <pat@example.com>" → pat@example.com (lower case). */
export const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();

/**
 * The Gmail API (users.messages list and get) over an OAuth2 access token. Read-only: the sync never
 * changes the mailbox.
 */
export const gmailReader = (apiBaseUrl: string, accessToken: string) => {
  const base = `${apiBaseUrl.replace(/\/$/, '')}/gmail/v1/users/me`;
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' }, signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
    if (response?.status === 401) throw new MailboxTokenRefused();
    if (!response?.ok) throw new ApiError(502, MAILBOX_UNAVAILABLE);
    return (await response.json()) as T;
  };

  return {
    /** Messages matching a Gmail search (`q`), newest first, at most MAX_MESSAGES_PER_SYNC. */
    async search(q: string) {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ q, maxResults: String(Math.min(50, MAX_MESSAGES_PER_SYNC - ids.length)) });
        if (pageToken) query.set('pageToken', pageToken);
        const page = await get<{ messages?: { id: string }[]; nextPageToken?: string }>(`/messages?${query}`);
        ids.push(...(page.messages ?? []).map((m) => m.id));
        pageToken = page.nextPageToken;
      } while (pageToken && ids.length < MAX_MESSAGES_PER_SYNC);
      return ids.slice(0, MAX_MESSAGES_PER_SYNC);
    },

    async read(id: string): Promise<MailboxMessage> {
      const message = await get<GmailMessage>(`/messages/${encodeURIComponent(id)}?format=full`);
      const { text, html } = bodies(message.payload);
      return {
        id: message.id,
        threadId: message.threadId,
        from: header(message.payload, 'From') ?? '',
        subject: header(message.payload, 'Subject') ?? '',
        text,
        html,
        snippet: message.snippet,
        receivedAt: Number(message.internalDate) || Date.now(),
      };
    },
  };
};
