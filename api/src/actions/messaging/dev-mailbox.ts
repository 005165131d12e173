import { Router, type Request } from 'express';
import { isRootAdmin } from '../../auth/caller';
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
 * GET /dev/mailbox: the development mailbox. The email and text messages kept by the embedded
 * channels (database email, recorded SMS) for the reader's business, newest first, so a developer can
 * read the mail and click its links. `?to=` filters by recipient, `?format=json` answers JSON.
 * GET /dev/mailbox/:id shows one message. Mounted only when DEV_MAILBOX=true, which the api's config
 * refuses with NODE_ENV=production (docs/decisions.md, "The development mailbox is for root Admins").
 */
export const DEV_MAILBOX_NO_SESSION = "The development mailbox needs a root Admin's session";
export const DEV_MAILBOX_REFUSED = 'The development mailbox is open to root Admins only';

/**
 * Only a root Admin reads it: the mail holds sign-in links and password-reset tokens of every
 * account of the business, root Admins included, so any narrower reader (a sub-organization's
 * Admin, other staff, a patient, a request from this machine without a session) could take over an
 * account with more rights than its own.
 */
const refusal = (caller: Request['caller']) => {
  if (!caller) return { status: 401, message: DEV_MAILBOX_NO_SESSION };
  if (!isRootAdmin(caller)) return { status: 403, message: DEV_MAILBOX_REFUSED };
  return undefined;
};

export const devMailboxRouter = (dataSource: DataSource) => {
  const router = Router();
  // raw SQL: outgoing_messages is the embedded channels' internal table, not a resource.
  const repository = () => dataSource.getRepository<OutgoingMessageRow>(OUTGOING_MESSAGES);

  router.use((req, res, next) => {
    const refused = refusal(req.caller);
    if (refused) return void res.status(refused.status).json({ message: refused.message });
    // A root Admin's organization is its whole business: every message filed with that business (the
    // recipient's), and never one of another business or one filed with none.
    res.locals.mailboxBusinessId = req.caller!.businessId;
    next();
  });

  router.get('/', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
    // raw SQL: the development mailbox reads the outgoing_messages table, an internal table, not a resource.
    const query = repository().createQueryBuilder('m').orderBy('m."createdAt"', 'DESC').addOrderBy('m._id', 'DESC').take(PAGE_SIZE);
    if (to) query.andWhere('lower(m."to") = :to', { to });
    query.andWhere('m."businessId" = :businessId', { businessId: res.locals.mailboxBusinessId as string });
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
    const businessId = res.locals.mailboxBusinessId as string;
    const message = isId(id) ? await repository().findOne({ where: { _id: id, businessId } }) : null;
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
