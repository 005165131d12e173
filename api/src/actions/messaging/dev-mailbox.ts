import express, { Router, type Request } from 'express';
import { isRootAdmin, type Caller } from '../../auth/caller';
import type { Services } from '../action';
import { callerFromCookie, DEV_MAILBOX_PATH, hasMailboxCookie, signIn, signOut } from './dev-mailbox-session';
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
 * A browser without a session gets a sign-in form on GET /dev/mailbox; POST /dev/mailbox signs in
 * into a cookie and POST /dev/mailbox/sign-out clears it (dev-mailbox-session.ts).
 */
export const DEV_MAILBOX_NO_SESSION = "The development mailbox needs a root Admin's session";
export const DEV_MAILBOX_REFUSED = 'The development mailbox is open to root Admins only';

/**
 * Only a root Admin reads it: the mail holds sign-in links and password-reset tokens of every
 * account of the business, root Admins included, so any narrower reader (a sub-organization's
 * Admin, other staff, a patient, a request from this machine without a session) could take over an
 * account with more rights than its own.
 */
const refusal = (caller: Caller | undefined) => {
  if (!caller) return { status: 401, message: DEV_MAILBOX_NO_SESSION };
  if (!isRootAdmin(caller)) return { status: 403, message: DEV_MAILBOX_REFUSED };
  return undefined;
};

/**
 * The sign-in form a browser gets instead of the mailbox: plain HTML that posts without scripts (the
 * api's CSP allows no script and forms to itself only). `message` is the refusal of the last attempt.
 */
const signInPage = (message?: string) =>
  page(
    'Development mailbox',
    `${message ? `<p role="alert"><strong>${escapeHtml(message)}</strong></p>` : ''}<p class="meta">Sign in as an Admin of the root organization.</p>
<form method="post" action="${DEV_MAILBOX_PATH}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );

const signOutForm = `<form method="post" action="${DEV_MAILBOX_PATH}/sign-out"><button type="submit">Sign out</button></form>`;

const wantsHtml = (req: Request) => req.query.format !== 'json';

export const devMailboxRouter = (services: Services) => {
  const { dataSource } = services;
  const router = Router();
  // raw SQL: outgoing_messages is the embedded channels' internal table, not a resource.
  const repository = () => dataSource.getRepository<OutgoingMessageRow>(OUTGOING_MESSAGES);

  // The sign-in form's body; JSON bodies are already read by the app.
  router.use(express.urlencoded({ extended: false, limit: '8kb' }));

  // POST /dev/mailbox signs in and nothing else: a forged cross-site post could at most sign a browser
  // in, and the SameSite=Strict cookie it sets is never sent by another site's page.
  router.post('/', async (req, res) => {
    const result = await signIn(services, req, res, refusal);
    if (result.ok) return void res.redirect(303, DEV_MAILBOX_PATH);
    if (result.retryAfterSeconds !== undefined) res.set('Retry-After', String(result.retryAfterSeconds));
    res.status(result.status).type('html').send(signInPage(result.message));
  });

  router.post('/sign-out', (req, res) => {
    signOut(req, res);
    res.redirect(303, DEV_MAILBOX_PATH);
  });

  router.use(async (req, res, next) => {
    // A browser's mailbox cookie stands in for the Authorization header, which wins when both are sent.
    const caller = req.caller ?? (await callerFromCookie(services, req));
    const refused = refusal(caller);
    if (refused) {
      // The list page in a browser offers the sign-in form (and drops a cookie that no longer works).
      if (refused.status === 401 && req.method === 'GET' && req.path === '/' && wantsHtml(req)) {
        if (hasMailboxCookie(req)) signOut(req, res);
        return void res.status(401).type('html').send(signInPage());
      }
      return void res.status(refused.status).json({ message: refused.message });
    }
    // A root Admin's organization is its whole business: every message filed with that business (the
    // recipient's), and never one of another business or one filed with none.
    res.locals.mailboxBusinessId = caller!.businessId;
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
      .send(page('Development mailbox', `${signOutForm}${messages.length ? `<p class="meta">Kept here instead of being sent (newest first).</p><table><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th></tr>${rows}</table>` : '<p>No messages yet.</p>'}`));
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
