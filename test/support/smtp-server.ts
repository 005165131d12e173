import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a real SMTP server received it over the wire, with its MIME parts decoded. */
export interface ReceivedMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** The whole message with quoted-printable soft breaks and escapes undone (for finding links and headers). */
  decoded: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

const unfold = (block: string) => block.replace(/\r?\n[ \t]+/g, ' ');

const parseHeaders = (block: string) => {
  const headers: Record<string, string> = {};
  for (const line of unfold(block).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
};

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
const decodeWords = (value: string) =>
  value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

const decodeBody = (body: string, encoding = '') => {
  const kind = encoding.toLowerCase();
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

const splitEntity = (entity: string) => {
  const match = entity.match(/\r?\n\r?\n/);
  if (!match || match.index === undefined) return { headers: parseHeaders(entity), body: '' };
  return { headers: parseHeaders(entity.slice(0, match.index)), body: entity.slice(match.index + match[0].length) };
};

/** Collects the text/plain and text/html parts of a (possibly nested multipart) entity. */
const collectParts = (entity: string, into: { text: string; html: string }) => {
  const { headers, body } = splitEntity(entity);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  if (/^text\/html/i.test(type)) into.html += decoded;
  else if (/^text\/plain/i.test(type)) into.text += decoded;
};

const parseMessage = (raw: string, envelopeFrom: string, envelopeTo: string[]): ReceivedMessage => {
  const { headers } = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return { envelopeFrom, envelopeTo, raw, decoded: decodeQuotedPrintable(raw), headers, subject: decodeWords(headers.subject ?? ''), text: parts.text.trimEnd(), html: parts.html };
};

/** A conversation the server keeps waiting at one point until `release` (or until the client dies). */
interface Hold {
  stage: 'recipient' | 'reply';
  reached: () => void;
  released: Promise<void>;
}

/**
 * A real SMTP server on a free port of 127.0.0.1 that records what it receives. `failNext` makes it
 * refuse messages (a 550 at the end of DATA), to test what happens when delivery fails. `hold`
 * keeps the next conversation waiting, to kill the sender at a known point: at 'recipient' nothing
 * is taken yet (RCPT TO unanswered); at 'reply' the message is taken and recorded, its 250 withheld.
 */
export const startSmtpServer = async () => {
  const received: ReceivedMessage[] = [];
  let refusing = 0;
  let hold: Hold | undefined;
  /** Takes the pending hold of this stage, if any: answers when to go on. */
  const holding = (stage: Hold['stage']) => {
    if (hold?.stage !== stage) return Promise.resolve();
    const taken = hold;
    hold = undefined;
    taken.reached();
    return taken.released;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      void holding('recipient').then(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(parseMessage(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((r) => r.address.toLowerCase())));
        void holding('reply').then(() => callback());
      });
    },
  });
  // A sender killed mid-conversation resets its connection; a real server logs that and goes on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  const to = (address: string) => received.filter((message) => message.envelopeTo.includes(address.toLowerCase()));

  /** The `index`-th message to `address`, waiting for it up to `timeoutMs`. */
  const waitFor = async (address: string, { index = 0, timeoutMs = 15_000 } = {}) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = to(address);
      if (matching.length > index) return matching[index];
      if (Date.now() > deadline) throw new Error(`no message #${index + 1} to ${address} within ${timeoutMs} ms (${received.length} received in all)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    waitFor,
    failNext: (count = 1) => {
      refusing = count;
    },
    /** Holds the next conversation at `stage`: `reached` resolves when it gets there, `release` lets it go on. */
    hold: (stage: Hold['stage']) => {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      hold = { stage, reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: arrived, release };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpServer>>;
