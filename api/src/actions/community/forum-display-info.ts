import { endusers, resourceByName, users } from '@carelane/db';
import { defineAction } from '../action';
import { Required, S } from '../input';
import { v } from '../messaging/input';

class ForumDisplayInfoInput {
  @Required(v.id, S.id)
  forumId!: string;
}

const forums = resourceByName.get('forums')!;
const forumPosts = resourceByName.get('forum_posts')!;
const postComments = resourceByName.get('post_comments')!;

/** What a community shows of a person: names and avatar. Never email or phone (docs/contract/validation.md#display-names-and-text: its later fallbacks). */
const DISPLAY_FIELDS = ['fname', 'lname', 'displayName', 'avatar'] as const;

const posters = (rows: Record<string, unknown>[]) => {
  const byType = { user: new Set<string>(), enduser: new Set<string>() };
  for (const row of rows) {
    const postedBy = row.postedBy as { type?: unknown; id?: unknown } | null | undefined;
    if (typeof postedBy?.id !== 'string') continue;
    (postedBy.type === 'enduser' ? byType.enduser : byType.user).add(postedBy.id);
  }
  return byType;
};

/**
 * GET /forum-display-info { forumId } → { id, display_info }: the names and avatar of everyone who
 * posted or commented in a forum the caller can read, keyed by user or enduser id, so the portal
 * names other endusers by the rule of docs/contract/validation.md#display-names-and-text
 * (chat-room-display-info's counterpart for a community; the spec names no call for it,
 * docs/decisions.md). Other endusers' emails and phones never leave.
 */
export const forumDisplayInfo = defineAction({
  method: 'get',
  path: '/forum-display-info',
  auth: 'any',
  input: ForumDisplayInfoInput,
  handler: async ({ services, caller }, { forumId }) => {
    // The caller's own read of the forum decides access (404 when they cannot see it).
    await services.engine.getOne(forums, caller, forumId);
    // The participants' names are the server's read, tenant-scoped.
    const system = services.engine.system(caller.businessId);
    const [posts, comments] = await Promise.all([system.rows(forumPosts, { filter: { forumId }, limit: 5000 }), system.rows(postComments, { filter: { forumId }, limit: 5000 })]);
    const ids = posters([...posts, ...comments] as Record<string, unknown>[]);
    const load = (definition: typeof users | typeof endusers, set: Set<string>) => (set.size ? system.rows(definition, { filter: { _id: { _in: [...set] } } }) : Promise.resolve([]));
    const [people, patients] = await Promise.all([load(users, ids.user), load(endusers, ids.enduser)]);
    const display_info: Record<string, Record<string, unknown>> = {};
    for (const row of [...people, ...patients] as Record<string, unknown>[]) {
      const entry: Record<string, unknown> = { id: row._id };
      for (const field of DISPLAY_FIELDS) if (row[field] !== null && row[field] !== undefined && row[field] !== '') entry[field] = row[field];
      display_info[String(row._id)] = entry;
    }
    return { id: forumId, display_info };
  },
});
