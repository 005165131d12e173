import sanitizeHtml from 'sanitize-html';
import { ApiError, callApi } from '../api.server';
import type { Enduser } from '../session.server';
import { ALREADY_LIKED } from './community';
import { sanitizeContentHtml } from './content.server';
import { getRecord, listRecords, text, type ApiRecord } from './resources.server';
import { displayNameOf } from './signed-in.server';

const timeOf = (value: unknown) => {
  const ms = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? ms : 0;
};

/** Removes script elements from text the community wrote (docs/contract/validation.md#display-names-and-text: script tags never reach the page). */
export const stripScripts = (value: string) => value.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<\/?script\b[^>]*>/gi, '');

/** The Community page setting exists and is not disabled (docs/contract/portal.md#routing-rules: only then is the route reachable). */
export const communityEnabled = async (authToken: string) => {
  const settings = await listRecords(authToken, 'portal-customizations', { limit: 100 });
  return settings.some((setting) => setting.page === 'Community' && setting.disabled !== true);
};

/**
 * Names shown for people (the rule of docs/contract/validation.md#display-names-and-text): everyone who posted or commented in the forum, staff and
 * endusers, from the forum's display info; the enduser themself from their session.
 */
export const peopleNames = async (authToken: string, enduser: Enduser, forumId: string) => {
  const { display_info: people } = await callApi<{ display_info?: Record<string, Record<string, unknown>> }>('/v1/forum-display-info', { authToken, query: { forumId } }).catch((error) => {
    // Names are a nicety: a failed look-up shows the rule's last fallback rather than no page.
    console.error('Loading the forum display info failed', error);
    return { display_info: {} };
  });
  const names = new Map<string, string>();
  for (const [id, person] of Object.entries(people ?? {}) as [string, Record<string, unknown>][]) names.set(id, displayNameOf({ ...person, id }));
  names.set(enduser.id, displayNameOf(enduser));
  return (id: string) => names.get(id) ?? displayNameOf({ id });
};

/** A post's or comment's HTML (htmlContent), sanitized; undefined when it has none (its text shows). */
const htmlOf = (record: ApiRecord) => {
  const html = text(record.htmlContent);
  if (!html.trim()) return undefined;
  const clean = sanitizeContentHtml(html);
  return clean.trim() ? clean : undefined;
};

const find = async (authToken: string, singular: string, id: string) => {
  try {
    return await getRecord(authToken, singular, id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return undefined;
    throw error;
  }
};

export const listForums = async (authToken: string) =>
  (await listRecords(authToken, 'forums', { limit: 500 })).map((forum) => ({ id: forum.id, title: text(forum.title), description: text(forum.description) }));

export const findForum = (authToken: string, id: string) => find(authToken, 'forum', id);
export const findPost = (authToken: string, id: string) => find(authToken, 'forum-post', id);

export interface PostView {
  id: string;
  forumId: string;
  title: string;
  textContent: string;
  /** The post's htmlContent, sanitized (docs/contract/validation.md#display-names-and-text: script tags never reach the page). */
  html?: string;
  author: string;
  createdAt: number;
  numLikes: number;
  numComments: number;
  /** docs/contract/access.md#portal-roles: the post's creator and staff may edit and delete; the portal's user is never staff. */
  mine: boolean;
}

const posterId = (record: ApiRecord) => {
  const postedBy = record.postedBy as { id?: unknown } | undefined;
  return typeof postedBy?.id === 'string' ? postedBy.id : text(record.creator);
};

export const toPost = (record: ApiRecord, nameOf: (id: string) => string, enduserId: string): PostView => ({
  id: record.id,
  forumId: text(record.forumId),
  title: stripScripts(text(record.title)),
  // A post written only as HTML still has a text preview in the forum's list.
  textContent: stripScripts(text(record.textContent)) || sanitizeHtml(text(record.htmlContent), { allowedTags: [], allowedAttributes: {} }).trim(),
  html: htmlOf(record),
  author: nameOf(posterId(record)),
  createdAt: timeOf(record.createdAt),
  numLikes: typeof record.numLikes === 'number' ? record.numLikes : 0,
  numComments: typeof record.numComments === 'number' ? record.numComments : 0,
  mine: posterId(record) === enduserId,
});

export const forumPosts = async (authToken: string, forumId: string) => listRecords(authToken, 'forum-posts', { filter: { forumId }, limit: 500, sort: 'newFirst' });

export interface CommentView {
  id: string;
  textContent: string;
  html?: string;
  author: string;
  createdAt: number;
  replies: CommentView[];
}

/** Comments as threads: top-level comments oldest first, each with its replies (threadId) oldest first. */
export const postComments = async (authToken: string, forumId: string, postId: string, nameOf: (id: string) => string): Promise<CommentView[]> => {
  const records = await listRecords(authToken, 'post-comments', { filter: { forumId, postId }, limit: 1000, sort: 'oldFirst' });
  const view = (record: ApiRecord): CommentView => ({
    id: record.id,
    textContent: stripScripts(text(record.textContent)),
    html: htmlOf(record),
    author: nameOf(posterId(record)),
    createdAt: timeOf(record.createdAt),
    replies: [],
  });
  const byId = new Map(records.map((record) => [record.id, view(record)]));
  const roots: CommentView[] = [];
  for (const record of records) {
    const thread = text(record.threadId) || text(record.replyTo);
    const parent = thread && thread !== record.id ? byId.get(thread) : undefined;
    if (parent) parent.replies.push(byId.get(record.id)!);
    else roots.push(byId.get(record.id)!);
  }
  return roots.sort((a, b) => a.createdAt - b.createdAt);
};

/** Whether the enduser likes the post (their like record), derived on the server for the first render. */
export const likedByMe = async (authToken: string, forumId: string, postId: string, enduserId: string) => {
  const likes = await listRecords(authToken, 'post-likes', { filter: { forumId, postId }, limit: 1000 });
  return likes.some((like) => like.creator === enduserId);
};

/** docs/contract/portal.md#community: a like that fails with 'This post has already been liked' counts as liked. */
export const likePost = async (authToken: string, forumId: string, postId: string) => {
  try {
    await callApi('/v1/post-like', { method: 'POST', authToken, body: { forumId, postId } });
  } catch (error) {
    if (error instanceof ApiError && error.message === ALREADY_LIKED) return;
    throw error;
  }
};

export const unlikePost = (authToken: string, forumId: string, postId: string) => callApi('/v1/unlike-forum-post', { method: 'POST', authToken, body: { forumId, postId } });
