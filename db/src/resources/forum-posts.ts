import { chatAttachments } from '../validation/content-validators';
import { counter, defineResource, field } from './define';

export const forum_posts = defineResource({
  name: 'forum_posts',
  fields: {
    forumId: field.id({ required: true, updatable: false, references: { resource: 'forums', onDelete: 'cascade' } }),
    /** { type, id } of the session that posted: written by the server. */
    postedBy: field.server('json'),
    numComments: counter(),
    numLikes: counter(),
    title: field.string({ required: true, max: 5000, searchable: true }),
    textContent: field.text({ required: true, max: 25000 }),
    htmlContent: field.text({ max: 25000, html: true }),
    editorState: field.text({ max: 25000 }),
    slug: field.string({ max: 250, indexed: true }),
    attachments: field.json(chatAttachments),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read', 'update', 'delete'] },
  // Posts follow their forum, for reads and writes alike; endusers change only their own (docs/contract/access.md#enduser-access).
  // An enduser asking for the posts of a forum they cannot see (a private forum) gets 403, not 'no posts yet'.
  policy: { enduser: { scope: { parent: { resource: 'forums', via: 'forumId' } }, updatesOwnOnly: true }, refuseListOfHiddenParent: ['enduser'] },
  onCreate: (_record, actor) => ({ postedBy: { type: actor.type, id: actor.id } }),
  example: { forumId: '000000000000000000000000', title: 'Hello', textContent: 'Glad to be here' },
});
