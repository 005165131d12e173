import { parseUpdate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ID, OTHER_ID, message } from './definition-test-kit';

/**
 * Community definitions without a database: forums, posts, comments and likes, their server-kept
 * counters and what removes them, with the exact messages of docs/contract/validation.md.
 */

const { definitions, def, create, createError, enduserAccess } = definitionKit('community');

describe('community resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers only the access of seeds 000 §6', () => {
    expect(enduserAccess()).toMatchObject({
      post_comments: ['create', 'read', 'delete'],
      comment_likes: ['create', 'read', 'delete'],
    });
  });

  describe('posts, comments and likes', () => {
    it('keeps post counters server-side', () => {
      expect(create('forum_posts', {})).toMatchObject({ numComments: 0, numLikes: 0 });
      expect(createError('forum_posts', { numLikes: 5 })).toBe('Error parsing field numLikes: This field cannot be updated');
      expect(createError('forum_posts', { postedBy: { type: 'user', id: ID } })).toBe('Error parsing field postedBy: This field cannot be updated');
      expect(message(() => parseUpdate(def('forum_posts'), {}, { numComments: 0 }))).toBe('Error parsing field numComments: This field cannot be updated');
    });

    it('keeps comment counters server-side and counts comments into posts and replies into comments', () => {
      expect(create('post_comments', { replyTo: OTHER_ID })).toMatchObject({ numLikes: 0, numReplies: 0, replyTo: OTHER_ID });
      expect(message(() => parseUpdate(def('post_comments'), {}, { numLikes: 2 }))).toBe('Error parsing field numLikes: This field cannot be updated');
      expect(message(() => parseUpdate(def('post_comments'), {}, { numReplies: 2 }))).toBe('Error parsing field numReplies: This field cannot be updated');
      expect(def('post_comments').countsInto).toEqual(
        expect.arrayContaining([
          { via: 'postId', resource: 'forum_posts', counter: 'numComments' },
          { via: 'replyTo', resource: 'post_comments', counter: 'numReplies' },
        ]),
      );
      expect(def('post_comments').fields.replyTo.references).toEqual({ resource: 'post_comments', onDelete: 'none', matches: ['postId'] });
      expect(createError('post_comments', { textContent: undefined })).toBe('Value not provided for required field: textContent');
    });

    it('removes likes with their forum, post and comment, and counts them', () => {
      expect(def('post_likes').fields.forumId.references).toEqual({ resource: 'forums', onDelete: 'cascade' });
      expect(def('post_likes').fields.postId.references).toEqual({ resource: 'forum_posts', onDelete: 'cascade', matches: ['forumId'] });
      expect(def('post_likes').unique).toEqual([['postId', 'creator']]);
      expect(def('post_likes').countsInto).toEqual([{ via: 'postId', resource: 'forum_posts', counter: 'numLikes' }]);
      expect(def('comment_likes').fields.commentId.references).toEqual({ resource: 'post_comments', onDelete: 'cascade', matches: ['postId'] });
      expect(def('comment_likes').countsInto).toEqual([{ via: 'commentId', resource: 'post_comments', counter: 'numLikes' }]);
      expect(def('comment_likes').unique).toEqual([['commentId', 'creator']]);
      expect(message(() => parseUpdate(def('comment_likes'), {}, { commentId: OTHER_ID }))).toBe(
        'Error parsing field commentId: This field cannot be updated',
      );
    });
  });
});
