import { counter, defineResource, field } from './define';

export const post_comments = defineResource({
  name: 'post_comments',
  fields: {
    forumId: field.id({ required: true, updatable: false, references: { resource: 'forums', onDelete: 'cascade' } }),
    postId: field.id({ required: true, updatable: false, references: { resource: 'forum_posts', onDelete: 'cascade', matches: ['forumId'] } }),
    /** The top comment of a reply thread. */
    threadId: field.id({ updatable: false, references: { resource: 'post_comments', onDelete: 'none', matches: ['postId'] } }),
    /** The comment this one answers: deleting it leaves the reply in place. */
    replyTo: field.id({ updatable: false, references: { resource: 'post_comments', onDelete: 'none', matches: ['postId'] } }),
    /** { type, id } of the session that commented: written by the server. */
    postedBy: field.server('json'),
    attachments: field.strings(),
    textContent: field.text({ required: true, max: 25000 }),
    htmlContent: field.text({ max: 25000, html: true }),
    editorState: field.text({ max: 25000 }),
    numLikes: counter(),
    numReplies: counter(),
  },
  countsInto: [
    { via: 'postId', resource: 'forum_posts', counter: 'numComments' },
    { via: 'replyTo', resource: 'post_comments', counter: 'numReplies' },
  ],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read', 'delete'] },
  policy: { enduser: { scope: { parent: { resource: 'forums', via: 'forumId' } } }, refuseListOfHiddenParent: ['enduser'] },
  // A reply belongs to the thread of the comment it answers unless the client names the thread.
  onCreate: (record, actor) => ({ postedBy: { type: actor.type, id: actor.id }, threadId: record.threadId ?? record.replyTo }),
  example: { forumId: '000000000000000000000000', postId: '000000000000000000000000', textContent: 'Welcome!' },
});
