import { defineAction } from '../action';
import { LikeTargetInput, postLikes } from './like-target';

/**
 * POST /unlike-forum-post { postId, forumId } → {}: removes the caller's like of the post (and its
 * count). Unliking a post one has not liked changes nothing and is not an error, so a repeated tap
 * or a retried request is harmless.
 */
export const unlikeForumPost = defineAction({
  method: 'post',
  path: '/unlike-forum-post',
  auth: 'any',
  input: LikeTargetInput,
  handler: async ({ services, caller }, input) => {
    const { postId, forumId } = input;
    const likes = await services.engine.getSome(postLikes, caller, { filter: { postId, forumId, creator: caller.id } });
    for (const like of likes) await services.engine.deleteOne(postLikes, caller, like.id as string);
    return {};
  },
});
