import { resourceByName } from '@carelane/db';
import { validators as v } from '@carelane/db';
import { Required, S } from '../input';

export const postLikes = resourceByName.get('post_likes')!;

/** The post a like call names, and its forum (both required, as the reference client sends them). */
export class LikeTargetInput {
  @Required(v.id, S.id)
  postId!: string;

  @Required(v.id, S.id)
  forumId!: string;
}
