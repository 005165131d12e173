import { Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import { callWith, createEnduser, createStaff, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const FORBIDDEN = 'You do not have access to this resource';
const NOT_FOUND = 'Could not find a record for the given id';
const NO_RELATED = 'Could not find a related record for the given id(s)';

type Enduser = Awaited<ReturnType<typeof createEnduser>>;

describe('community: forums, posts, comments and likes checked against the parent forum', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  let patient: Enduser;
  let forum: { id: string };
  let privateForum: { id: string };
  let staffPostInPrivate: { id: string };

  beforeAll(async () => {
    ({ api, tenant, admin } = suite);
    patient = await createEnduser(api.host, admin, tenant);
    forum = await admin.api.forums.createOne({ title: 'Open', publicRead: true });
    privateForum = await admin.api.forums.createOne({ title: 'Staff room', publicRead: false });
    staffPostInPrivate = await admin.api.forum_posts.createOne({ forumId: privateForum.id, title: 'Rota', textContent: 'Internal' } as never);
  });

  test('an enduser sees forums marked publicRead and what is in them, never a private forum or its posts and comments', async () => {
    await expect(patient.session.api.forums.getOne(forum.id)).resolves.toMatchObject({ id: forum.id });
    await expect(patient.session.api.forums.getOne(privateForum.id)).rejects.toMatchObject({ message: NOT_FOUND });
    expect((await patient.session.api.forums.getSome()).map((f) => f.id)).toEqual([forum.id]);

    const comment = await admin.api.post_comments.createOne({ forumId: privateForum.id, postId: staffPostInPrivate.id, textContent: 'Noted' } as never);
    await expect(patient.session.api.forum_posts.getOne(staffPostInPrivate.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(patient.session.api.post_comments.getOne(comment.id)).rejects.toMatchObject({ message: NOT_FOUND });
    // Asking for the posts or comments of a private forum is refused, as the reference client expects (issue 12).
    await expect(patient.session.api.forum_posts.getSome({ filter: { forumId: privateForum.id } })).rejects.toMatchObject({ message: 'You do not have access to this resource' });
    await expect(patient.session.api.post_comments.getSome({ filter: { forumId: privateForum.id } })).rejects.toMatchObject({ message: 'You do not have access to this resource' });
    expect(await patient.session.api.post_comments.getSome({ filter: { postId: staffPostInPrivate.id } })).toEqual([]);
  });

  test('an enduser cannot post, comment or like in a private forum, and nothing is stored', async () => {
    const before = await admin.api.forum_posts.getSome({ filter: { forumId: privateForum.id } });
    await expect(
      patient.session.api.forum_posts.createOne({ forumId: privateForum.id, title: 'Hi', textContent: 'Let me in' } as never),
    ).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(
      patient.session.api.post_comments.createOne({ forumId: privateForum.id, postId: staffPostInPrivate.id, textContent: 'Let me in' } as never),
    ).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(patient.session.api.post_likes.createOne({ forumId: privateForum.id, postId: staffPostInPrivate.id } as never)).rejects.toMatchObject({
      message: FORBIDDEN,
    });
    expect(await admin.api.forum_posts.getSome({ filter: { forumId: privateForum.id } })).toEqual(before);
    expect(await admin.api.post_likes.getSome({ filter: { postId: staffPostInPrivate.id } })).toEqual([]);
    await expect(admin.api.forum_posts.getOne(staffPostInPrivate.id)).resolves.toMatchObject({ numLikes: 0, numComments: 1 });
  });

  test('naming an open forum does not vouch for a post of a private one', async () => {
    await expect(patient.session.api.post_likes.createOne({ forumId: forum.id, postId: staffPostInPrivate.id } as never)).rejects.toMatchObject({
      message: NO_RELATED,
    });
    await expect(
      patient.session.api.post_comments.createOne({ forumId: forum.id, postId: staffPostInPrivate.id, textContent: 'Sneaky' } as never),
    ).rejects.toMatchObject({ message: NO_RELATED });
    expect(await admin.api.post_likes.getSome({ filter: { postId: staffPostInPrivate.id } })).toEqual([]);
  });

  test('an enduser likes a post once through /post-like, the count follows, and /unlike-forum-post takes it back', async () => {
    const post = await patient.session.api.forum_posts.createOne({ forumId: forum.id, title: 'Hello', textContent: 'First visit' } as never);
    const like = await patient.session.api.post_likes.createOne({ forumId: forum.id, postId: post.id } as never);
    expect(like).toMatchObject({ forumId: forum.id, postId: post.id, creator: patient.enduser.id });
    await expect(patient.session.api.post_likes.createOne({ forumId: forum.id, postId: post.id } as never)).rejects.toMatchObject({
      message: 'This post has already been liked',
    });
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ numLikes: 1 });

    const neighbour = await createEnduser(api.host, admin, tenant);
    await neighbour.session.api.post_likes.createOne({ forumId: forum.id, postId: post.id } as never);
    expect((await patient.session.api.post_likes.getSome({ filter: { postId: post.id } })).length).toBe(2);
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ numLikes: 2 });

    await patient.session.api.post_likes.unlike_post({ postId: post.id, forumId: forum.id });
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ numLikes: 1 });
    const [remaining] = await admin.api.post_likes.getSome({ filter: { postId: post.id } });
    expect(remaining.creator).toBe(neighbour.enduser.id);
    // Unliking again changes nothing.
    await expect(patient.session.api.post_likes.unlike_post({ postId: post.id, forumId: forum.id })).resolves.toBeDefined();
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ numLikes: 1 });
    // Nobody deletes another person's like.
    await expect(patient.session.api.post_likes.deleteOne(remaining.id)).rejects.toMatchObject({ message: FORBIDDEN });
  });

  test('two likes of the same post racing store one', async () => {
    const post = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Race', textContent: 'Tap tap' } as never);
    const answers = await Promise.allSettled([0, 1, 2, 3].map(() => patient.session.api.post_likes.createOne({ forumId: forum.id, postId: post.id } as never)));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    for (const answer of answers) if (answer.status === 'rejected') expect(answer.reason).toMatchObject({ message: 'This post has already been liked' });
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ numLikes: 1 });
  });

  test('post likes through /post-like name both ids', async () => {
    await expect(patient.session.api.post_likes.createOne({ forumId: forum.id } as never)).rejects.toMatchObject({
      message: 'Value not provided for required field: postId',
    });
  });

  test('comment likes are deleted only by their creator, Admins included; endusers edit and delete only their own posts', async () => {
    const post = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Welcome', textContent: 'Say hi' } as never);
    const comment = await patient.session.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'Hi!' } as never);
    const like = await patient.session.api.comment_likes.createOne({ forumId: forum.id, postId: post.id, commentId: comment.id } as never);
    await expect(admin.api.comment_likes.deleteOne(like.id)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(admin.api.post_comments.getOne(comment.id)).resolves.toMatchObject({ numLikes: 1 });
    await patient.session.api.comment_likes.deleteOne(like.id);
    await expect(admin.api.post_comments.getOne(comment.id)).resolves.toMatchObject({ numLikes: 0 });

    await expect(patient.session.api.forum_posts.updateOne(post.id, { title: 'Mine now' })).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(patient.session.api.forum_posts.deleteOne(post.id)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(admin.api.forum_posts.getOne(post.id)).resolves.toMatchObject({ title: 'Welcome' });
  });

  test('a role marked creatorOnly lets its holder change and delete only what they created', async () => {
    const role = `moderator-${Date.now()}`;
    await admin.api.role_based_access_permissions.createOne({
      role,
      permissions: { forum_posts: { create: 'All', read: 'All', update: 'All', delete: 'All', creatorOnly: true } },
    } as never);
    const moderator = await createStaff(api, admin, { roles: [role] });
    const theirs = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Admin post', textContent: 'x' } as never);
    const own = await moderator.session.api.forum_posts.createOne({ forumId: forum.id, title: 'Moderator post', textContent: 'y' } as never);

    await expect(moderator.session.api.forum_posts.getOne(theirs.id)).resolves.toMatchObject({ title: 'Admin post' });
    await expect(moderator.session.api.forum_posts.updateOne(theirs.id, { title: 'Edited' })).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(moderator.session.api.forum_posts.deleteOne(theirs.id)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(admin.api.forum_posts.getOne(theirs.id)).resolves.toMatchObject({ title: 'Admin post' });

    await expect(moderator.session.api.forum_posts.updateOne(own.id, { title: 'Edited' })).resolves.toMatchObject({ title: 'Edited' });
    await moderator.session.api.forum_posts.deleteOne(own.id);
    await expect(admin.api.forum_posts.getOne(own.id)).rejects.toMatchObject({ message: NOT_FOUND });

    await expect(
      admin.api.role_based_access_permissions.createOne({
        role: `${role}-bad`,
        permissions: { forum_posts: { create: 'All', read: 'All', update: 'All', delete: 'All', creatorOnly: 'yes' } },
      } as never),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^Error parsing field permissions/) });
  });
  test("forum-display-info names a readable forum's posters (names and avatar only, never email or phone), and nobody of a forum the caller cannot read", async () => {
    const other = await createEnduser(api.host, admin, tenant, { fname: 'Olive', lname: 'Other', phone: '+14155552671' });
    const post = await other.session.api.forum_posts.createOne({ forumId: forum.id, title: 'Hello', textContent: 'Hi all', htmlContent: '' } as never);
    await admin.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'Welcome' } as never);
    const asPatient = `Bearer ${patient.session.authToken}`;
    const answer = await callWith(api.host, asPatient, `/v1/forum-display-info?forumId=${forum.id}`);
    expect(answer.status).toBe(200);
    const info = (answer.body as { id: string; display_info: Record<string, Record<string, unknown>> }).display_info;
    expect(info[other.enduser.id]).toEqual({ id: other.enduser.id, fname: 'Olive', lname: 'Other' });
    expect(info[admin.userInfo.id]).toMatchObject({ id: admin.userInfo.id });
    for (const person of Object.values(info)) expect(Object.keys(person).every((key) => ['id', 'fname', 'lname', 'displayName', 'avatar'].includes(key))).toBe(true);
    // A private forum answers as missing, whoever posted in it; another business never sees this one.
    expect((await callWith(api.host, asPatient, `/v1/forum-display-info?forumId=${privateForum.id}`)).status).toBe(404);
    expect((await callWith(api.host, asPatient, '/v1/forum-display-info')).status).toBe(400);
  });
});
