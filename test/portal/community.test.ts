import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { seriousAccessibilityViolations } from '../support/accessibility';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { enduserToken, screenshot, signInAs } from '../support/portal-pages';
import { Session as ReferenceSession } from '@tellescope/sdk';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** 002 §4 Community, §5, §6. */
describe('portal: community', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    await admin.api.portal_customizations.createOne({ page: 'Community', blocks: [] } as never);
  });

  const patient = (fname: string) => admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });

  it('forums: empty text, a single forum opens directly, posts, edit and delete for the creator, comments and replies', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Fran');
    await signInAs(harness, admin, enduser.id, '/community');
    await page.getByRole('heading', { name: 'Forums', level: 1 }).waitFor();
    await page.getByText('There are no forums in this community yet. Please check back later.', { exact: true }).waitFor();

    const forum = await admin.api.forums.createOne({ title: 'Knee Recovery', publicRead: true } as never);
    await page.goto(`${portal.url}/community`);
    await page.waitForURL(`${portal.url}/community?forumId=${forum.id}`);
    await page.getByRole('heading', { name: 'Knee Recovery', level: 1 }).waitFor();
    await page.getByText('Create the first post to start a discussion.', { exact: true }).waitFor();

    // Add Post in a modal: submit needs both a title and content.
    await page.getByRole('button', { name: 'Add Post' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Post' });
    expect((await modal.boundingBox())!.width).toBeLessThanOrEqual(650);
    const submit = modal.getByRole('button', { name: 'Post', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: 'Title' }).fill('My first week');
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: 'Content' }).fill('Icing helps a lot.<script>window.hacked = true</script>');
    await screenshot(page, 'community-add-post');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await submit.click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: 'My first week' }).click();
    await page.getByRole('heading', { name: 'My first week', level: 1 }).waitFor();
    await page.getByText('Icing helps a lot.').waitFor();
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    expect(await page.getByText('<script>').count()).toBe(0);
    // The author's name follows the display-name rule.
    await page.getByText('Fran Patient ·', { exact: false }).first().waitFor();
    await page.getByText('Leave the first comment!', { exact: true }).waitFor();

    // Editing: save is enabled only after a change.
    await page.getByRole('button', { name: 'Edit Post' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    const save = edit.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    await edit.getByRole('textbox', { name: 'Title' }).fill('My first two weeks');
    await save.click();
    await page.getByRole('heading', { name: 'My first two weeks', level: 1 }).waitFor();

    // Comments and a reply.
    await page.getByRole('textbox', { name: 'Comment' }).fill('Great tip, thanks');
    await page.getByRole('button', { name: 'Add Comment' }).click();
    await page.getByText('Great tip, thanks').waitFor();
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByRole('textbox', { name: 'Reply to Fran Patient' }).fill('You are welcome');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByRole('list', { name: 'Replies' }).getByText('You are welcome').waitFor();
    const [post] = await admin.api.forum_posts.getSome({ filter: { forumId: forum.id } });
    expect(post.numComments).toBe(2);
    await screenshot(page, 'community-post');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'community-post');
    await page.setViewportSize(DESKTOP);

    // Someone else's post: no edit or delete.
    const staffPost = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Welcome everyone', textContent: 'Staff here' } as never);
    await page.goto(`${portal.url}/community?forumId=${forum.id}&postId=${staffPost.id}`);
    await page.getByRole('heading', { name: 'Welcome everyone' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Post' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Post' }).count()).toBe(0);

    // Deleting one's own post asks first, then goes back to Community.
    await page.goto(`${portal.url}/community?forumId=${forum.id}&postId=${post.id}`);
    await page.getByRole('button', { name: 'Delete Post' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Do you wish to permanently delete this post?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/community(\?forumId=[0-9a-f]+)?$/);
    await page.getByRole('heading', { name: 'Knee Recovery', level: 1 }).waitFor();
    await page.goto(`${portal.url}/community?forumId=${forum.id}&postId=${post.id}`);
    await page.getByText('This post has been deleted', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go back to Community' }).waitFor();
    await page.goto(`${portal.url}/community?forumId=${randomBytes(12).toString('hex')}`);
    await page.getByText('This forum has been deleted', { exact: true }).waitFor();
  });

  it('likes: like, unlike, and a like already recorded elsewhere shows as liked', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Lia');
    const forum = await admin.api.forums.createOne({ title: 'Nutrition', publicRead: true } as never);
    const post = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Favourite breakfast?', textContent: 'Share yours' } as never);
    await signInAs(harness, admin, enduser.id, `/community?forumId=${forum.id}&postId=${post.id}`);
    const count = page.getByTestId('like-count');
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByRole('button', { name: 'Unlike' }).waitFor();
    expect(await count.innerText()).toBe('1 like');
    await page.getByRole('button', { name: 'Unlike' }).click();
    await page.getByRole('button', { name: 'Like', exact: true }).waitFor();
    expect(await count.innerText()).toBe('0 likes');
    expect(await admin.api.post_likes.getSome({ filter: { postId: post.id } })).toHaveLength(0);

    // Liked in another tab: this page still offers Like; pressing it hears 'This post has already been liked' and shows liked.
    const other = new ReferenceSession({ host: harness.api.host, authToken: await enduserToken(admin, enduser.id) } as never);
    await other.api.post_likes.createOne({ forumId: forum.id, postId: post.id } as never);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByRole('button', { name: 'Unlike' }).waitFor();
    expect(await count.innerText()).toBe('1 like');
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
