import { defineResource, field } from './define';

/** One like of a comment, at most one per comment and creator; keeps the comment's numLikes. */
export const comment_likes = defineResource({
  name: 'comment_likes',
  fields: {
    forumId: field.id({ required: true, updatable: false, references: { resource: 'forums', onDelete: 'cascade' } }),
    postId: field.id({ required: true, updatable: false, references: { resource: 'forum_posts', onDelete: 'cascade', matches: ['forumId'] } }),
    commentId: field.id({ required: true, updatable: false, references: { resource: 'post_comments', onDelete: 'cascade', matches: ['postId'] } }),
  },
  // `creator` is a common column: the constraint is (businessId, commentId, creator).
  unique: [['commentId', 'creator']],
  countsInto: [{ via: 'commentId', resource: 'post_comments', counter: 'numLikes' }],
  access: { user: ['create', 'read', 'delete'], enduser: ['create', 'read', 'delete'] },
  policy: {
    creatorOnly: ['delete'],
    enduser: { scope: { parent: { resource: 'forums', via: 'forumId' } } },
  },
  example: { forumId: '000000000000000000000000', postId: '000000000000000000000000', commentId: '000000000000000000000000' },
});
