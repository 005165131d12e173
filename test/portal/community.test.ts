import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { seriousAccessibilityViolations } from '../support/axe';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { enduserToken, screenshot, signInAs } from '../support/portal-pages';
import { Session as ReferenceSession } from '@tellescope/sdk';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** docs/contract/portal.md#community, validation.md#portal-forms and #display-names-and-text, access.md#portal-roles. */
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
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const forum = await admin.api.forums.createOne({ title: 'Knee Recovery', publicRead: true } as never);
    await page.goto(`${portal.url}/community`);
    await page.waitForURL(`${portal.url}/community?forumId=${forum.id}`);
    await page.getByRole('heading', { name: 'Knee Recovery', level: 1 }).waitFor();
    await page.getByText('Create the first post to start a discussion.', { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Add Post works only with scripts: the served page has it disabled, so a click before hydration waits instead of being lost.
    const served = await (await page.request.get(page.url())).text();
    expect(served.match(/<button[^>]*>(?:(?!<\/button>)[\s\S])*?Add Post/)?.[0]).toMatch(/^<button[^>]*disabled=""/);

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
  it("names other endusers by 002 §5's rule (never by email), shows posts' HTML sanitized, and a deleted forum offers 'Go back to Community'", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const [sleep, diet, steps] = await Promise.all(['Sleep', 'Diet', 'Steps'].map((title) => admin.api.forums.createOne({ title, publicRead: true } as never)));
    const as = async (enduserId: string) => new ReferenceSession({ host: harness.api.host, authToken: await enduserToken(admin, enduserId) } as never);
    const omar = await patient('Omar');
    const owl = await admin.api.endusers.createOne({ displayName: 'NightOwl', email: `owl-${randomBytes(4).toString('hex')}@example.com` });
    const quiet = await admin.api.endusers.createOne({ email: `quiet-${randomBytes(4).toString('hex')}@example.com` });
    const routine = await (await as(omar.id)).api.forum_posts.createOne({ forumId: sleep.id, title: 'My evening routine', textContent: 'No screens after nine', htmlContent: '' } as never);
    await (await as(owl.id)).api.post_comments.createOne({ forumId: sleep.id, postId: routine.id, textContent: 'Same here', htmlContent: '' } as never);
    await (await as(quiet.id)).api.post_comments.createOne({ forumId: sleep.id, postId: routine.id, textContent: 'Thanks', htmlContent: '' } as never);
    const guide = await admin.api.forum_posts.createOne({
      forumId: sleep.id,
      title: 'Sleep guide',
      textContent: 'Sleep matters',
      htmlContent: '<p>Sleep <strong>matters</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
    } as never);

    const vic = await patient('Vic');
    await signInAs(harness, admin, vic.id, `/community?forumId=${sleep.id}`);
    const posts = page.getByRole('list', { name: 'Posts' });
    await posts.getByRole('link', { name: 'My evening routine' }).waitFor();
    await posts.getByText(/^Omar Patient · /).waitFor();
    await page.goto(`${portal.url}/community?forumId=${sleep.id}&postId=${routine.id}`);
    await page.getByText('Same here').waitFor();
    // First and last name, else the display name; an enduser with neither shows 'User <id>', not their email.
    await page.getByText(/^NightOwl · /).waitFor();
    await page.getByText(new RegExp(`^User ${quiet.id} · `)).waitFor();
    expect(await page.getByText(quiet.email!).count()).toBe(0);
    expect(await page.getByText(/^User [0-9a-f]{24} · /).count()).toBe(1);
    await screenshot(page, 'community-names');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'community-names');
    await page.setViewportSize(DESKTOP);

    // Staff HTML: formatting kept, scripts and handlers gone.
    await page.goto(`${portal.url}/community?forumId=${sleep.id}&postId=${guide.id}`);
    await page.getByRole('article').locator('strong', { hasText: 'matters' }).waitFor();
    expect(await page.evaluate(() => (globalThis as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await page.locator('article script').count()).toBe(0);
    expect(await page.locator('[onerror]').count()).toBe(0);
    await screenshot(page, 'community-html-post');

    // Staff delete the forum: its posts and comments go with it, and the page offers the way back.
    await admin.api.forums.deleteOne(sleep.id);
    expect(await admin.api.forum_posts.getSome({ filter: { forumId: sleep.id } })).toHaveLength(0);
    await page.goto(`${portal.url}/community?forumId=${sleep.id}&postId=${guide.id}`);
    await page.getByText('This forum has been deleted', { exact: true }).waitFor();
    await screenshot(page, 'community-forum-deleted');
    await page.getByRole('link', { name: 'Go back to Community' }).click();
    await page.waitForURL(`${portal.url}/community`);
    const forums = page.getByRole('main');
    await forums.getByRole('heading', { name: 'Forums', level: 1 }).waitFor();
    await forums.getByRole('link', { name: 'Diet' }).waitFor();
    expect(await forums.getByRole('link', { name: 'Sleep' }).count()).toBe(0);
    expect(diet.id && steps.id).toBeTruthy();
  });
});
