import { createEnduser } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';

const DIRTY = '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>';
const assertClean = (html: unknown) => {
  expect(typeof html).toBe('string');
  expect(html).toContain('Hello');
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
};

/**
 * Issue 12 (High): forum posts stored and served htmlContent unsanitised while chats, templates and
 * emails were cleaned. Every HTML field of every resource goes through the same sanitiser on write.
 */
describe('HTML fields are sanitised on write, whoever writes them', () => {
  const suite = useTenantSuite();

  test('forum posts and comments by staff and by endusers, on create and on update', async () => {
    const { api, admin, tenant } = suite;
    const patient = await createEnduser(api.host, admin, tenant);
    const forum = await admin.api.forums.createOne({ title: 'Open', publicRead: true });
    const staffPost = await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Hi', textContent: 'Hello', htmlContent: DIRTY } as never);
    assertClean(staffPost.htmlContent);
    assertClean((await patient.session.api.forum_posts.getOne(staffPost.id)).htmlContent);

    const patientPost = await patient.session.api.forum_posts.createOne({ forumId: forum.id, title: 'Me', textContent: 'Hello', htmlContent: DIRTY } as never);
    assertClean(patientPost.htmlContent);
    const updated = await patient.session.api.forum_posts.updateOne(patientPost.id, { htmlContent: `${DIRTY} again` } as never);
    assertClean(updated.htmlContent);
    assertClean((await admin.api.forum_posts.getOne(patientPost.id)).htmlContent);

    const comment = await patient.session.api.post_comments.createOne({ forumId: forum.id, postId: staffPost.id, textContent: 'Hello', htmlContent: DIRTY } as never);
    assertClean(comment.htmlContent);
  });

  test('managed content, forms and form fields', async () => {
    const { admin } = suite;
    const record = await admin.api.managed_content_records.createOne({ title: 'Guide', textContent: 'Hello', htmlContent: DIRTY } as never);
    assertClean(record.htmlContent);
    assertClean((await admin.api.managed_content_records.updateOne(record.id, { htmlContent: DIRTY } as never)).htmlContent);
    const form = await admin.api.forms.createOne({ title: 'Intake', htmlThanksMessage: DIRTY } as never);
    assertClean(form.htmlThanksMessage);
    const field = await admin.api.form_fields.createOne({ formId: form.id, title: 'Name', type: 'string', previousFields: [{ type: 'root', info: {} }], htmlDescription: DIRTY } as never);
    assertClean(field.htmlDescription);
  });
});
