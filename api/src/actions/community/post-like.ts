import { badRequest, UNIQUENESS_VIOLATION, ApiError } from '../../errors';
import { defineAction } from '../action';
import { LikeTargetInput, postLikes } from './like-target';

export const ALREADY_LIKED = 'This post has already been liked';

/**
 * POST /post-like { postId, forumId } → the new like. The like goes through the resource engine, so
 * the caller must have access to the parent forum and the post must belong to it
 * (docs/contract/access.md#enduser-rules); the post's numLikes counts it. One like per post and
 * person: a second answers 'This post has already been liked', which the portal reads as "liked".
 */
export const postLike = defineAction({
  method: 'post',
  path: '/post-like',
  auth: 'any',
  input: LikeTargetInput,
  handler: async ({ services, caller }, input) => {
    const { postId, forumId } = input;
    const [existing] = await services.engine.getSome(postLikes, caller, { filter: { postId, creator: caller.id }, limit: 1 });
    if (existing) throw badRequest(ALREADY_LIKED);
    try {
      return await services.engine.createOne(postLikes, caller, { postId, forumId });
    } catch (error) {
      // Two likes racing: the unique (postId, creator) index keeps one, the other hears the same answer.
      if (error instanceof ApiError && error.message === UNIQUENESS_VIOLATION) throw badRequest(ALREADY_LIKED);
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') throw badRequest(ALREADY_LIKED);
      throw error;
    }
  },
});
