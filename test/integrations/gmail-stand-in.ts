import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredMessage {
  id: string;
  threadId: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  /** ms since the epoch */
  internalDate: number;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * A local server answering like the Gmail API's users.messages list and get (format=full): bearer
 * tokens checked by `acceptToken`, the `from:` and `after:` (epoch seconds) search operators, newest
 * first, paging with maxResults/pageToken, bodies as base64url MIME parts.
 */
export const startGmailStandIn = async (acceptToken: (token: string) => boolean) => {
  const messages: StoredMessage[] = [];
  const searches: string[] = [];
  let serial = 0;
  const server = createServer((req, res) => {
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !acceptToken(token)) return answer(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    const url = new URL(req.url ?? '/', 'http://gmail.local');
    if (req.method === 'GET' && url.pathname === '/gmail/v1/users/me/messages') {
      const q = url.searchParams.get('q') ?? '';
      searches.push(q);
      const from = /from:(\S+)/.exec(q)?.[1]?.toLowerCase();
      const after = Number(/after:(\d+)/.exec(q)?.[1] ?? 0);
      const found = messages
        .filter((m) => (!from || m.from.toLowerCase().includes(from)) && m.internalDate > after * 1000)
        .sort((a, b) => b.internalDate - a.internalDate);
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Number(url.searchParams.get('maxResults') ?? 100);
      const page = found.slice(start, start + size);
      return answer(200, {
        messages: page.map((m) => ({ id: m.id, threadId: m.threadId })),
        ...(start + size < found.length ? { nextPageToken: String(start + size) } : {}),
        resultSizeEstimate: found.length,
      });
    }
    const get = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)$/.exec(url.pathname);
    const message = get && messages.find((m) => m.id === decodeURIComponent(get[1]));
    if (req.method === 'GET' && message) {
      const text = { mimeType: 'text/plain', headers: [{ name: 'Content-Type', value: 'text/plain; charset=UTF-8' }], body: { size: message.text.length, data: b64(message.text) } };
      const html = message.html ? { mimeType: 'text/html', headers: [{ name: 'Content-Type', value: 'text/html; charset=UTF-8' }], body: { size: message.html.length, data: b64(message.html) } } : undefined;
      return answer(200, {
        id: message.id,
        threadId: message.threadId,
        labelIds: ['INBOX', 'UNREAD'],
        snippet: message.text.slice(0, 100),
        internalDate: String(message.internalDate),
        payload: {
          mimeType: html ? 'multipart/alternative' : 'text/plain',
          headers: [
            { name: 'From', value: message.from },
            { name: 'To', value: 'clinic@example.com' },
            { name: 'Subject', value: message.subject },
            { name: 'Message-ID', value: `<${message.id}@mail.example.com>` },
          ],
          body: { size: 0 },
          ...(html ? { parts: [text, html] } : { body: text.body }),
        },
      });
    }
    answer(404, { error: { code: 404, status: 'NOT_FOUND' } });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every `q` the api searched with, in order. */
    searches,
    /** Mail arrives in the mailbox. */
    deliver: (message: Omit<StoredMessage, 'id' | 'threadId' | 'internalDate'> & { internalDate?: number; threadId?: string }) => {
      serial += 1;
      const stored = { ...message, id: `msg${serial}${Math.random().toString(36).slice(2, 8)}`, threadId: message.threadId ?? `thread${serial}`, internalDate: message.internalDate ?? Date.now() };
      messages.push(stored);
      return stored;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
