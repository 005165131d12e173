import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;

describe('server-kept counters and cascading deletes', () => {
  let api: RunningApi;
  let sdk: Session;
  beforeAll(async () => {
    api = await startApi();
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  test('comments and likes keep the post counters, which clients cannot set', async () => {
    const forum = await sdk.api.forums.createOne({ title: 'Support group' });
    const post = await sdk.api.forum_posts.createOne({ forumId: forum.id, title: 'Hello', textContent: 'First post', htmlContent: '<p>First post</p>' });
    expect(post).toMatchObject({ numComments: 0, numLikes: 0, postedBy: { type: 'user' } });

    const comment = await sdk.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'Welcome', htmlContent: '<p>Welcome</p>' });
    const reply = await sdk.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'Thanks', htmlContent: '<p>Thanks</p>', replyTo: comment.id });
    expect(reply.threadId).toBe(comment.id);
    await sdk.api.post_likes.createOne({ forumId: forum.id, postId: post.id });
    expect(await sdk.api.forum_posts.getOne(post.id)).toMatchObject({ numComments: 2, numLikes: 1 });
    expect(await sdk.api.post_comments.getOne(comment.id)).toMatchObject({ numReplies: 1 });

    await expect(sdk.api.forum_posts.updateOne(post.id, { numLikes: 99 } as never)).rejects.toMatchObject({
      message: 'Error parsing field numLikes: This field cannot be updated',
    });
    await sdk.api.post_comments.deleteOne(reply.id);
    expect(await sdk.api.forum_posts.getOne(post.id)).toMatchObject({ numComments: 1 });
  });

  test('a comment like is unique per comment and creator', async () => {
    const forum = await sdk.api.forums.createOne({ title: 'Likes' });
    const post = await sdk.api.forum_posts.createOne({ forumId: forum.id, title: 'P', textContent: 'T', htmlContent: 'T' });
    const comment = await sdk.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'C', htmlContent: 'C' });
    await sdk.api.comment_likes.createOne({ forumId: forum.id, postId: post.id, commentId: comment.id });
    await expect(sdk.api.comment_likes.createOne({ forumId: forum.id, postId: post.id, commentId: comment.id })).rejects.toMatchObject({
      message: 'Uniqueness Violation',
    });
    expect(await sdk.api.post_comments.getOne(comment.id)).toMatchObject({ numLikes: 1 });
  });

  test('deleting a forum removes its posts, comments and likes', async () => {
    const forum = await sdk.api.forums.createOne({ title: 'Temporary' });
    const post = await sdk.api.forum_posts.createOne({ forumId: forum.id, title: 'P', textContent: 'T', htmlContent: 'T' });
    const comment = await sdk.api.post_comments.createOne({ forumId: forum.id, postId: post.id, textContent: 'C', htmlContent: 'C' });
    const like = await sdk.api.post_likes.createOne({ forumId: forum.id, postId: post.id });
    await sdk.api.forums.deleteOne(forum.id);
    for (const lookup of [() => sdk.api.forum_posts.getOne(post.id), () => sdk.api.post_comments.getOne(comment.id), () => sdk.api.post_likes.getOne(like.id)]) {
      await expect(lookup()).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    }
  });

  test('database records keep numRecords, starting at 0', async () => {
    const database = await sdk.api.databases.createOne({ title: 'Medications', fields: [{ type: 'Text', label: 'Name' }] } as never);
    expect(database.numRecords).toBe(0);
    const record = await sdk.api.database_records.createOne({ databaseId: database.id, values: [{ type: 'Text', label: 'Name', value: 'Aspirin' }] } as never);
    expect(await sdk.api.databases.getOne(database.id)).toMatchObject({ numRecords: 1 });
    await sdk.api.database_records.deleteOne(record.id);
    expect(await sdk.api.databases.getOne(database.id)).toMatchObject({ numRecords: 0 });
  });

  test('the Home portal page cannot be disabled, and a completed enduser task stays completed', async () => {
    await expect(sdk.api.portal_customizations.createOne({ page: 'Home', disabled: true, blocks: [] } as never)).rejects.toMatchObject({
      message: 'Home page cannot be disabled',
    });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Tasker' });
    const task = await sdk.api.enduser_tasks.createOne({ title: 'Read', enduserId: enduser.id, completedAt: new Date() });
    await expect(sdk.api.enduser_tasks.updateOne(task.id, { completedAt: null } as never)).rejects.toMatchObject({
      message: 'completedAt cannot be reverted once set',
    });
  });
});
