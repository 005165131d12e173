import { Router, type Request } from 'express';
import { isAdmin } from '../../auth/caller';
import type { DataSource } from 'typeorm';
import { OUTGOING_MESSAGES, type OutgoingMessageRow } from '@carelane/db/internal/outgoing-messages';
import { isId } from '@carelane/db';
import { sanitizeUserHtml } from '../../hooks/sanitize';
import { escapeHtml } from '@carelane/activities/channels/template';

const PAGE_SIZE = 100;


/** Plain text with its http(s) links made clickable (a password reset link, an unsubscribe link ...). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap}
.html{border:1px solid #ddd;padding:1rem}.meta{color:#555}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * GET /dev/mailbox: the development mailbox. Every email and text message kept by the embedded
 * channels (database email, recorded SMS), newest first, so a local user can read the mail and click
 * its links. Served only when NODE_ENV is not production. `?to=` filters by recipient, `?format=json`
 * answers JSON. GET /dev/mailbox/:id shows one message. Never mounted in production; see readerOf for who reads it.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const DEV_MAILBOX_REFUSED = 'The development mailbox is open to an Admin of the business, or on this machine';

/**
 * Who may read it: a request made on this machine (loopback, and not relayed by a proxy, which would
 * make every visitor look local) reads everything; an Admin session reads its own business's
 * messages; anyone else nothing (the mail holds invitation codes and password-reset links).
 */
const readerOf = (req: Request): { businessId?: string } | undefined => {
  if (isAdmin(req.caller)) return { businessId: req.caller!.businessId };
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  if (!relayed && LOOPBACK.has(req.socket.remoteAddress ?? '')) return {};
  return undefined;
};

export const devMailboxRouter = (dataSource: DataSource) => {
  const router = Router();
  // raw SQL: outgoing_messages is the embedded channels' internal table, not a resource.
  const repository = () => dataSource.getRepository<OutgoingMessageRow>(OUTGOING_MESSAGES);

  router.use((req, res, next) => {
    const reader = readerOf(req);
    if (!reader) return void res.status(403).json({ message: DEV_MAILBOX_REFUSED });
    res.locals.mailboxBusinessId = reader.businessId;
    next();
  });

  router.get('/', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
    // raw SQL: the development mailbox reads the outgoing_messages table, an internal table, not a resource.
    const query = repository().createQueryBuilder('m').orderBy('m."createdAt"', 'DESC').addOrderBy('m._id', 'DESC').take(PAGE_SIZE);
    if (to) query.andWhere('lower(m."to") = :to', { to });
    if (res.locals.mailboxBusinessId) query.andWhere('m."businessId" = :businessId', { businessId: res.locals.mailboxBusinessId });
    const messages = await query.getMany();
    if (req.query.format === 'json') {
      res.json(messages.map(({ _id, channel, to: recipient, from, subject, text, html, externalId, createdAt }) => ({ id: _id, channel, to: recipient, from, subject, text, html, messageId: externalId, createdAt })));
      return;
    }
    const rows = messages
      .map(
        (m) => `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${m.channel === 'email' ? 'Email' : 'SMS'}</td><td>${escapeHtml(m.to)}</td>
<td><a href="${req.baseUrl}/${m._id}">${escapeHtml(m.subject || m.text.slice(0, 80) || '(no subject)')}</a></td></tr>`,
      )
      .join('\n');
    res
      .type('html')
      .send(page('Development mailbox', messages.length ? `<p class="meta">Kept here instead of being sent (newest first).</p><table><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th></tr>${rows}</table>` : '<p>No messages yet.</p>'));
  });

  router.get('/:id', async (req, res) => {
    const id = String(req.params.id);
    const businessId = res.locals.mailboxBusinessId as string | undefined;
    const message = isId(id) ? await repository().findOne({ where: businessId ? { _id: id, businessId } : { _id: id } }) : null;
    if (!message) {
      res.status(404).type('html').send(page('Not found', `<p><a href="${req.baseUrl}">Back to the mailbox</a></p>`));
      return;
    }
    const meta = `<p class="meta">To ${escapeHtml(message.to)}${message.from ? ` · from ${escapeHtml(message.from)}` : ''} · ${escapeHtml(message.createdAt.toISOString())}</p>`;
    const html = message.html ? `<h2>HTML</h2><div class="html">${sanitizeUserHtml(message.html)}</div>` : '';
    res
      .type('html')
      .send(page(message.subject || (message.channel === 'sms' ? 'Text message' : '(no subject)'), `<p><a href="${req.baseUrl}">Back to the mailbox</a></p>${meta}${html}<h2>Text</h2><pre>${linkify(message.text)}</pre>`));
  });
  return router;
};
