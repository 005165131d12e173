import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Session } from '@tellescope/sdk';
import { seriousAccessibilityViolations } from '../support/axe';
import { usePortalHarness } from '../support/portal-harness';
import { storeFileFor } from '../support/stored-file';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** A real two-page PDF. */
const twoPagePdf = async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Page one', 'Page two']) pdf.addPage([300, 200]).drawText(text, { x: 40, y: 100, size: 24, font });
  return Buffer.from(await pdf.save());
};

/** docs/contract/portal.md#content. */
describe('portal: education content', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = () => admin.api.endusers.createOne({ fname: 'Cora', lname: 'Patient', email: `cora-${randomBytes(4).toString('hex')}@example.com` });
  const content = (fields: Record<string, unknown>) => admin.api.managed_content_records.createOne({ textContent: '', htmlContent: '', assignmentType: 'All', ...fields } as never);

  /** A file stored for the enduser through the api (so the enduser may read it). */
  const storeFile = (enduserId: string, name: string, type: string, bytes: Buffer) => storeFileFor(admin, enduserId, name, type, bytes);

  it('the library: empty text, categories with Other Content, search, truncation, only what the enduser may see', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient();
    await signInAs(harness, admin, enduser.id, '/content');
    await page.getByRole('heading', { name: "Cora's Education Library", level: 1 }).waitFor();
    await page.getByText('No content is available at this time', { exact: true }).waitFor();

    const longTitle = 'Understanding your recovery after knee surgery: a complete week by week guide for patients and families';
    await content({ title: 'Healthy Eating Basics', category: 'Nutrition', textContent: 'Vegetables and fruit' });
    await content({ title: longTitle, category: 'Recovery' });
    await content({ title: 'Welcome to the clinic' });
    // Another enduser's individual content never shows.
    const other = await patient();
    await content({ title: 'Not for Cora', assignmentType: 'Individual', enduserId: other.id });
    await page.reload();
    await page.getByRole('region', { name: 'Nutrition' }).getByRole('link', { name: 'Healthy Eating Basics' }).waitFor();
    await page.getByRole('region', { name: 'Other Content' }).getByRole('link', { name: 'Welcome to the clinic' }).waitFor();
    expect(await page.getByText('Not for Cora').count()).toBe(0);
    // 100 characters on a wide screen, 55 on a phone.
    const recovery = page.getByRole('region', { name: 'Recovery' }).getByRole('link');
    expect(await recovery.innerText()).toBe(`${longTitle.slice(0, 100)}…`);
    await screenshot(page, 'content-library');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await recovery.innerText()).toBe(`${longTitle.slice(0, 55)}…`);
    await screenshot(page, 'content-library');
    await page.setViewportSize(DESKTOP);

    // Search (debounced): results under 'Search Results', or the no-match text.
    await page.getByRole('searchbox', { name: 'Search content' }).fill('vegetables');
    const results = page.getByRole('region', { name: 'Search Results' });
    await results.getByRole('link', { name: 'Healthy Eating Basics' }).waitFor();
    expect(await results.getByRole('link').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search content' }).fill('zebra');
    await page.getByText('No content matches your search', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search content' }).fill('');
    await page.getByRole('region', { name: 'Nutrition' }).waitFor();
  });

  it('items: article blocks with sanitized HTML, a PDF that renders its pages, HTML content, and a deleted item', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient();
    const article = await content({
      title: 'Article with blocks',
      type: 'Article',
      blocks: [
        { type: 'h1', info: { text: 'Main heading' } },
        { type: 'h2', info: { text: 'Sub heading' } },
        { type: 'html', info: { html: '<p>Safe <strong>text</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">' } },
        { type: 'youtube', info: { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', name: 'Intro video' } },
        { type: 'image', info: { link: `${portal.url}/favicon.svg`, name: 'Clinic sign', maxWidth: 120 } },
        { type: 'iframe', info: { link: `${portal.url}/privacy-policy`, name: 'Our privacy policy' } },
      ],
    });
    await signInAs(harness, admin, enduser.id, `/content/${article.id}`);
    await page.getByRole('heading', { name: 'Article with blocks', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Main heading' }).waitFor();
    await page.getByRole('heading', { name: 'Sub heading' }).waitFor();
    await page.getByText('Safe text').waitFor();
    expect(await page.evaluate('window.hacked')).toBeUndefined();
    expect(await page.locator('main script, main [onerror]').count()).toBe(0);
    const video = page.locator('iframe[title="Intro video"]');
    expect(await video.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    const box = await video.boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 315)).toBe(560);
    // An image block (it loads: a broken image has no natural width) and an iframe block at 560:315 too.
    const image = page.getByRole('img', { name: 'Clinic sign' });
    await page.waitForFunction(
      () => ((globalThis as unknown as { document: { querySelector(selector: string): { naturalWidth: number } | null } }).document.querySelector('img[alt="Clinic sign"]')?.naturalWidth ?? 0) > 0,
    );
    expect((await image.boundingBox())?.width).toBeLessThanOrEqual(120);
    const frame = page.locator('iframe[title="Our privacy policy"]');
    expect(await frame.getAttribute('src')).toBe(`${portal.url}/privacy-policy`);
    const frameBox = await frame.boundingBox();
    expect(Math.round(((frameBox?.width ?? 0) / (frameBox?.height ?? 1)) * 315)).toBe(560);

    // A Video item plays its attached file in the page, from an address the enduser may read.
    const clip = await storeFile(enduser.id, 'welcome.mp4', 'video/mp4', Buffer.from('not really a video, only its bytes'));
    const videoItem = await content({ title: 'Welcome video', type: 'Video', attachments: [{ type: 'file', name: 'welcome.mp4', secureName: clip.secureName }] });
    await page.goto(`${portal.url}/content/${videoItem.id}`);
    await page.getByRole('heading', { name: 'Welcome video', level: 1 }).waitFor();
    const player = page.locator('video[aria-label="Welcome video"]');
    await player.waitFor({ state: 'attached' });
    const clipAnswer = await page.request.get(new URL((await player.getAttribute('src')) ?? '', portal.url).toString());
    expect(clipAnswer.status()).toBe(200);
    expect((await clipAnswer.body()).toString()).toBe('not really a video, only its bytes');

    const file = await storeFile(enduser.id, 'guide.pdf', 'application/pdf', await twoPagePdf());
    const pdfItem = await content({ title: 'Printable guide', type: 'PDF', attachments: [{ type: 'file', name: 'guide.pdf', secureName: file.secureName }] });
    await page.goto(`${portal.url}/content/${pdfItem.id}`);
    await page.getByRole('heading', { name: 'Printable guide' }).waitFor();
    await page.getByRole('link', { name: 'View in new tab or download here' }).waitFor();
    await page.locator('canvas[data-rendered-page="1"]').waitFor();
    expect(await page.getByRole('button', { name: 'Previous Page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next Page' }).click();
    await page.locator('canvas[data-rendered-page="2"]').waitFor();
    expect(await page.getByRole('button', { name: 'Next Page' }).isDisabled()).toBe(true);
    await screenshot(page, 'content-pdf');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'content-pdf');
    await page.setViewportSize(DESKTOP);

    const html = await content({ title: 'Plain HTML', htmlContent: '<h2>Hello</h2><a href="javascript:alert(1)">bad link</a><p>Body text</p>' });
    await page.goto(`${portal.url}/content/${html.id}`);
    await page.getByText('Body text').waitFor();
    expect(await page.getByText('bad link').getAttribute('href')).toBeNull();

    await admin.api.managed_content_records.deleteOne(html.id);
    await page.goto(`${portal.url}/content/${html.id}`);
    await page.getByText('This content has been deleted.', { exact: true }).waitFor();
  });
});
