import { resourceByName } from '@carelane/db';
import { requiredField, v } from '../messaging/input';

export const postLikes = resourceByName.get('post_likes')!;

/** The post a like call names, and its forum (both required, as the reference client sends them). */
export const likeTarget = (input: Record<string, unknown>) => ({
  postId: requiredField(input, 'postId', v.id),
  forumId: requiredField(input, 'forumId', v.id),
});
