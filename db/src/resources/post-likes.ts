import { defineResource, field } from './define';

/** One like of a forum post; keeps the post's numLikes. */
export const post_likes = defineResource({
  name: 'post_likes',
  fields: {
    forumId: field.id({ required: true, updatable: false, references: { resource: 'forums', onDelete: 'cascade' } }),
    postId: field.id({ required: true, updatable: false, references: { resource: 'forum_posts', onDelete: 'cascade', matches: ['forumId'] } }),
  },
  // One like per post and person (`creator` is a common column): the constraint is (businessId, postId, creator).
  unique: [['postId', 'creator']],
  countsInto: [{ via: 'postId', resource: 'forum_posts', counter: 'numLikes' }],
  access: { user: ['create', 'read', 'delete'], enduser: ['create', 'read', 'delete'] },
  policy: { enduser: { scope: { parent: { resource: 'forums', via: 'forumId' } } } },
  example: { forumId: '000000000000000000000000', postId: '000000000000000000000000' },
});
