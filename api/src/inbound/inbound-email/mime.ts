/**
 * Just enough of RFC 5322 and MIME to read a reply: the headers (unfolded, encoded words decoded)
 * and the text of the message (text/plain, else text/html without its tags), through nested
 * multiparts, quoted-printable and base64, UTF-8 or Latin-1. Attachments are not kept.
 */
export interface ParsedEmail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  text: string;
}

const unfold = (block: string) => block.replace(/\r?\n[ \t]+/g, ' ');

const charsetOf = (type: string) => (type.match(/charset="?([^";\s]+)"?/i)?.[1] ?? 'utf-8').toLowerCase();

const decodeBytes = (bytes: Buffer, charset: string) => (/^(iso-8859-1|latin1|windows-1252|us-ascii)$/.test(charset) ? bytes.toString('latin1') : bytes.toString('utf8'));

const quotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');

/** RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=). */
const decodeWords = (value: string) =>
  value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, charset: string, kind: string, data: string) =>
    decodeBytes(kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')), charset.toLowerCase()),
  );

const parseHeaders = (block: string) => {
  const headers: Record<string, string> = {};
  for (const line of unfold(block).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
    }
  }
  return headers;
};

const split = (entity: string) => {
  const match = entity.match(/\r?\n\r?\n/);
  if (!match || match.index === undefined) return { headers: parseHeaders(entity), body: '' };
  return { headers: parseHeaders(entity.slice(0, match.index)), body: entity.slice(match.index + match[0].length) };
};

const bodyText = (body: string, encoding: string, charset: string) => {
  const kind = encoding.toLowerCase();
  if (kind === 'quoted-printable') return decodeBytes(quotedPrintable(body), charset);
  if (kind === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  return decodeBytes(Buffer.from(body, 'latin1'), charset);
};

const htmlToText = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<blockquote[\s\S]*?<\/blockquote>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const collect = (entity: string, found: { text?: string; html?: string }) => {
  const { headers, body } = split(entity);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  if (/attachment/i.test(headers['content-disposition'] ?? '')) return;
  const text = bodyText(body, headers['content-transfer-encoding'] ?? '', charsetOf(type));
  if (/^text\/plain/i.test(type) && found.text === undefined) found.text = text;
  else if (/^text\/html/i.test(type) && found.html === undefined) found.html = text;
};

const angleIds = (value: string | undefined) => (value ?? '').match(/<[^<>\s]+>/g) ?? [];

/** `raw` as received (bytes read as Latin-1, so each byte is one character until a part is decoded). */
export const parseEmail = (raw: string): ParsedEmail => {
  const { headers } = split(raw);
  const found: { text?: string; html?: string } = {};
  collect(raw, found);
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    messageId: angleIds(headers['message-id'])[0],
    inReplyTo: angleIds(headers['in-reply-to'])[0],
    references: angleIds(headers.references),
    text: (found.text ?? (found.html !== undefined ? htmlToText(found.html) : '')).replace(/\r\n/g, '\n'),
  };
};
