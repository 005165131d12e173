import { redirect } from '@remix-run/node';
import { ApiError, callApi } from '../../api.server';
import { bulkRead } from '../bulk-read.server';
import { browserTimeZone, viewerTimeZone } from '../../time/viewer-zone.server';
import { recentTime } from '../../time/format';
import { requireStaff, type StaffUser } from '../session.server';
import { parseConversation } from './conversation-key';
import { loadConversation } from './history.server';
import { sendReply } from './reply.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../portal/files.server';
import { viewOf, type ConversationCard } from './types';

type Row = Record<string, unknown>;
const nameOf = (record: Row) => [record.fname, record.lname].filter((part) => typeof part === 'string' && part).join(' ') || String(record.email ?? 'Staff member');

/** The staff member's clock: their own zone, else their browser's (docs/decisions.md, "Times on the viewer's clock"). */
const zoneOf = (request: Request, user: StaffUser) => viewerTimeZone((user as { timezone?: unknown }).timezone, browserTimeZone(request));

/**
 * The inbox page's data, all through the api as the staff member: one page of the list for the view
 * in the address (?view=, keyset ?before=), the open conversation (?c=) with its history, which is
 * then read (its notifications too), colleagues and templates by name, and patients matching ?q=.
 */
export const loadInbox = async (request: Request) => {
  const { authToken, user } = await requireStaff(request);
  const url = new URL(request.url);
  const view = viewOf(url.searchParams.get('view'));
  const before = url.searchParams.get('before');
  const zone = zoneOf(request, user);
  const [page, { users: staffRows, templates }] = await Promise.all([
    callApi<{ conversations: ConversationCard[]; nextBefore?: number }>('/v1/inbox-conversations', { authToken, query: { view, ...(before && /^\d+$/.test(before) ? { before } : {}) } }),
    // Colleagues and templates by name, in one request; without them the inbox still opens.
    bulkRead(authToken, { users: { model: 'users', options: { limit: 500 } }, templates: { model: 'templates', options: { limit: 200 } } }).catch(() => ({ users: [] as Row[], templates: [] as Row[] })),
  ]);
  const staffNames = new Map(staffRows.map((row) => [String(row.id), nameOf(row)]));
  const key = parseConversation(url.searchParams.get('c'));
  let open;
  if (key) {
    try {
      open = await loadConversation(authToken, key, zone, staffNames);
      // A load the browser gave up on does not mark it read: a click on "Mark unread" interrupts a
      // live update still loading the open conversation, whose read would otherwise land after the
      // click's unread and undo it.
      const read = request.signal.aborted
        ? undefined
        : await callApi<{ closedAt?: number }>('/v1/inbox-conversation-read', { method: 'POST', authToken, body: { conversation: url.searchParams.get('c') } }).catch(() => undefined);
      if (!open.room) open.closed = read?.closedAt !== undefined;
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) throw error;
    }
  }
  const q = url.searchParams.get('q')?.trim();
  const matches = q ? await callApi<Row[]>('/v1/endusers', { authToken, query: { search: JSON.stringify({ query: q }), limit: '8' } }).catch(() => [] as Row[]) : [];
  return {
    me: user.id,
    view,
    conversations: page.conversations.map((card) => ({ ...card, when: recentTime(card.lastMessageAt, zone) })),
    nextBefore: page.nextBefore,
    openKey: open ? url.searchParams.get('c') : null,
    missing: !!key && !open,
    open: open ? { ...open, assignees: open.assigneeIds.map((id) => ({ id, name: staffNames.get(id) ?? 'A colleague' })) } : null,
    colleagues: staffRows.map((row) => ({ id: String(row.id), name: nameOf(row) })).sort((a, b) => a.name.localeCompare(b.name)),
    templates: templates.map((row) => ({ id: String(row.id), title: String(row.title ?? 'Untitled template') })),
    q: q ?? '',
    matches: matches.map((row) => ({ id: String(row.id), name: nameOf(row) === String(row.email ?? '') && !row.fname ? String(row.email ?? row.phone ?? 'Patient') : nameOf(row) })),
  };
};

export type InboxData = Awaited<ReturnType<typeof loadInbox>>;

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Where the page goes after an action: the same view, the given conversation (or none). */
const back = (request: Request, conversation: string | null) => {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  params.set('view', viewOf(url.searchParams.get('view')));
  if (conversation) params.set('c', conversation);
  return redirect(`/staff/inbox?${params}`);
};

/** The composer and the conversation's buttons, each through the api as the staff member; the api's own message on a refusal. */
export const inboxAction = async (request: Request) => {
  const { authToken, user } = await requireStaff(request);
  let form: FormData;
  try {
    // The reply box posts multipart when it carries a file.
    form = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data') ? await readMultipart(request, MAX_UPLOAD_BYTES) : await request.formData();
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) return { error: error.message };
    throw error;
  }
  const intent = text(form, 'intent');
  const conversation = text(form, 'conversation');
  const key = parseConversation(conversation);
  try {
    if (intent === 'start') {
      const enduserId = text(form, 'enduserId');
      const room = await callApi<{ id: string }>('/v1/chat-room', { method: 'POST', authToken, body: { enduserIds: [enduserId], userIds: [user.id], type: 'external' } });
      return back(request, `chat:${room.id}`);
    }
    if (!key) return { error: 'Choose a conversation first.' };
    const enduserId = text(form, 'enduserId');
    if (intent === 'reply') {
      const error = await sendReply(authToken, key, form, new URL(request.url).origin);
      return error ? { error } : back(request, conversation);
    }
    if (intent === 'template') {
      const template = await callApi<Row>(`/v1/template/${text(form, 'templateId')}`, { authToken });
      const rendered = await callApi<{ plaintext: string; subject?: string }>('/v1/templated-message', {
        method: 'POST',
        authToken,
        body: { message: String(template.message ?? ''), subject: String(template.subject ?? ''), userId: user.id, enduserId, channel: key.channel },
      });
      return { draft: rendered.plaintext, subject: rendered.subject ?? '' };
    }
    if (intent === 'assign') {
      const userId = text(form, 'userId');
      const current = form.getAll('assigneeId').map(String);
      const next = [...new Set([...current, userId])];
      if (key.channel === 'Chat') await callApi(`/v1/chat-room/${key.roomId}`, { method: 'PATCH', authToken, body: { updates: { userIds: next }, options: { replaceObjectFields: true } } });
      else await callApi(`/v1/enduser/${enduserId}`, { method: 'PATCH', authToken, body: { updates: { assignedTo: next }, options: { replaceObjectFields: true } } });
      return back(request, conversation);
    }
    if (intent === 'close' || intent === 'reopen') {
      await callApi('/v1/inbox-conversation-close', { method: 'POST', authToken, body: { conversation, closed: intent === 'close' } });
      return back(request, conversation);
    }
    if (intent === 'unread') {
      await callApi('/v1/inbox-conversation-unread', { method: 'POST', authToken, body: { conversation } });
      // Back to the list: an open conversation is a read one.
      return back(request, null);
    }
    return { error: 'Unknown action.' };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { error: error.message };
    throw error;
  }
};
