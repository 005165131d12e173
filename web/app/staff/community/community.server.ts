import { callApi } from '../../api.server';
import { displayNameOf } from '../../portal/signed-in.server';
import { apiProblem } from '../api-fields.server';
import type { SetupResource } from '../scheduling/records.server';

/**
 * The staff side of the community (docs/contract/portal.md#community): forums, their posts and comments
 * through the api's generic calls, so its validation, access and tenant scope apply. Deleting a
 * forum removes its posts and comments (the resources' cascades).
 */
export const FORUMS: SetupResource = { one: 'forum', many: 'forums', listPath: '/staff/community' };

type Row = Record<string, unknown> & { id: string };

export const listForums = (authToken: string) => callApi<Row[]>('/v1/forums', { authToken, query: { limit: '1000', sort: 'oldFirst' } });

/** How many posts each forum has (one call: the posts' forumId only). */
export const postCounts = async (authToken: string) => {
  const posts = await callApi<Row[]>('/v1/forum-posts', { authToken, query: { limit: '1000' } }).catch(() => [] as Row[]);
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(String(post.forumId), (counts.get(String(post.forumId)) ?? 0) + 1);
  return counts;
};

export interface ModeratedComment {
  id: string;
  author: string;
  text: string;
  createdAt: string;
}

export interface ModeratedPost {
  id: string;
  title: string;
  author: string;
  text: string;
  createdAt: string;
  comments: ModeratedComment[];
}

const byId = (info: Record<string, Record<string, unknown>>, postedBy: unknown) => {
  const id = (postedBy as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return 'Someone';
  const person = info[id];
  return person ? displayNameOf({ ...person, id }) : 'Someone no longer here';
};

/** A forum's posts, newest first, each with its comments oldest first and every author by name. */
export const moderatedPosts = async (authToken: string, forumId: string): Promise<ModeratedPost[]> => {
  const filter = JSON.stringify({ forumId });
  const [posts, comments, people] = await Promise.all([
    callApi<Row[]>('/v1/forum-posts', { authToken, query: { filter, limit: '500', sort: 'newFirst' } }),
    callApi<Row[]>('/v1/post-comments', { authToken, query: { filter, limit: '1000', sort: 'oldFirst' } }),
    callApi<{ display_info?: Record<string, Record<string, unknown>> }>('/v1/forum-display-info', { authToken, query: { forumId } }).catch(() => ({ display_info: {} })),
  ]);
  const info = people.display_info ?? {};
  return posts.map((post) => ({
    id: post.id,
    title: String(post.title ?? ''),
    author: byId(info, post.postedBy),
    text: String(post.textContent ?? ''),
    createdAt: String(post.createdAt ?? ''),
    comments: comments
      .filter((comment) => comment.postId === post.id)
      .map((comment) => ({ id: comment.id, author: byId(info, comment.postedBy), text: String(comment.textContent ?? ''), createdAt: String(comment.createdAt ?? '') })),
  }));
};

/** Deletes a post or a comment (moderation); answers the notice to show, or the api's refusal. */
export const removeContribution = async (authToken: string, kind: 'post' | 'comment', id: string) => {
  try {
    await callApi(`/v1/${kind === 'post' ? 'forum-post' : 'post-comment'}/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
    return { notice: kind === 'post' ? 'Post deleted, with its comments.' : 'Comment deleted.' };
  } catch (error) {
    return { problem: apiProblem(error, []) };
  }
};

/** The spec's rule for deleting a forum: the title typed exactly (docs/contract/portal.md#community). */
export const TYPE_TITLE_MESSAGE = 'Type the forum’s title exactly to delete it';
export const titleMatches = (typed: string, title: string) => typed.trim() === title.trim();
