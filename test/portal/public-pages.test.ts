import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

/** docs/contract/portal.md: #unsubscribe, #legal-pages and #errors. */
const TEXT = {
  unsubscribed: 'You have successfully unsubscribed',
  invalid: 'Unsubscribe link is invalid',
  lastUpdated: 'Last updated January 15, 2021',
};

const LEGAL_PAGES = [
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    facts: [
      'Business Users are',
      'End Users are',
      'It is not medical care',
      'The Service is for non-emergency use only',
      'You must be at least 18 years old',
      'Amounts more than 30 days overdue bear a late charge of 1.5 percent per month',
      'We may change our fees by giving at least 30 days notice',
      'the fees you paid us in the six months before the event giving rise to the claim, or $10 if you use the Service for free',
      'You may opt out of arbitration by telling us in writing within 30 days',
      'must be filed within 3 months',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    facts: [
      'Business Users (care providers and their staff) and End Users',
      'We will confirm that we received your request within 10 days and respond within 45 days',
      'we may take up to 45 extra days',
    ],
  },
];

/**
 * A PDF that a PDF reader (pdf-lib) opens, with pages and its title set; answers the text its pages
 * draw (`<hex> Tj` in the decoded content streams), wrapped lines joined by spaces.
 */
const pdfText = async (bytes: Buffer, title: string) => {
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThan(0);
  expect(pdf.getTitle()).toBe(title);
  const drawn: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) drawn.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return drawn.join(' ');
};

describe('portal: public pages (unsubscribe, legal)', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const newEnduser = async () => admin.api.endusers.createOne({ fname: 'Una', email: `una-${randomBytes(4).toString('hex')}@example.com` });
  /** unsubscribedFrom as the API reads it back (a field the reference client's Enduser type does not name). */
  const unsubscribedFrom = async (id: string) => ((await admin.api.endusers.getOne(id)) as { unsubscribedFrom?: string[] }).unsubscribedFrom ?? [];
  const linkFor = (enduserId: string, type: string) => `${harness.portal.url}/unsubscribe?enduserId=${encodeURIComponent(enduserId)}&type=${type}`;

  const expectLegalPage = async (page: Page, legal: (typeof LEGAL_PAGES)[number]) => {
    await page.goto(`${harness.portal.url}${legal.path}`);
    expect(page.url()).toBe(`${harness.portal.url}${legal.path}`);
    await page.getByRole('heading', { name: legal.title, level: 1 }).waitFor();
    await expect(page.title()).resolves.toBe(`${legal.title} | ${harness.tenant.name}`);
    await page.getByText(TEXT.lastUpdated).waitFor();
    for (const fact of legal.facts) await page.getByText(fact).first().waitFor();
    return page.getByRole('link', { name: 'Download as PDF' }).getAttribute('href');
  };

  /** Signed-out pages send a signed-in visitor on (home, or onboarding first). */
  const expectSignedIn = async (page: Page) => {
    await page.goto(`${harness.portal.url}/login`);
    expect(new URL(page.url()).pathname).not.toBe('/login');
  };

  it('a mailed unsubscribe link unsubscribes the enduser from its channel, with a spinner, signed out', async () => {
    const { page } = harness;
    const enduser = await newEnduser();
    // The page posts once scripts run; holding that post shows the spinner and that nothing changed yet.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/unsubscribe/, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.goto(linkFor(enduser.id, 'Email'));
    await page.getByRole('progressbar').waitFor();
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual([]);
    release();
    await page.getByRole('status').filter({ hasText: TEXT.unsubscribed }).waitFor();
    expect(page.url()).toBe(linkFor(enduser.id, 'Email'));
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual(['Email']);
  });

  it('opening the link without scripts (a mail scanner) changes nothing; its button unsubscribes', async () => {
    const { page } = harness;
    const enduser = await newEnduser();
    const response = await fetch(linkFor(enduser.id, 'SMS'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Unsubscribe</button>');
    // The page as drawn, not its scripts: the root's loader data carries the language's whole catalogue (issue #38).
    expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain(TEXT.unsubscribed);
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual([]);

    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(linkFor(enduser.id, 'SMS'));
      await expect(unsubscribedFrom(enduser.id)).resolves.toEqual([]);
      await plain.getByRole('button', { name: 'Unsubscribe' }).click();
      await plain.getByText(TEXT.unsubscribed).waitFor();
    } finally {
      await context.close();
    }
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual(['SMS']);
  });

  it('a link without enduserId or type is invalid and changes nothing', async () => {
    const { portal, page } = harness;
    const enduser = await newEnduser();
    for (const address of [`${portal.url}/unsubscribe`, `${portal.url}/unsubscribe?enduserId=${enduser.id}`, `${portal.url}/unsubscribe?type=Email`, `${portal.url}/unsubscribe?enduserId=&type=Email`]) {
      const html = await (await fetch(address)).text();
      expect(html).toContain(TEXT.invalid);
      await page.goto(address);
      expect(page.url()).toBe(address);
      await page.getByText(TEXT.invalid).waitFor();
      await expect(page.getByRole('button', { name: 'Unsubscribe' }).count()).resolves.toBe(0);
    }
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual([]);
  });

  it('a failed unsubscribe is only logged: no message, and the button is offered again', async () => {
    const { portal, page } = harness;
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.goto(linkFor('not-an-id', 'Email'));
    await answered;
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await expect(page.getByRole('button', { name: 'Unsubscribe' }).isEnabled()).resolves.toBe(true);
    await expect(page.getByText(TEXT.unsubscribed).count()).resolves.toBe(0);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    expect(portal.output()).toContain('Unsubscribing from Email failed: 400 Error parsing field enduserId: Invalid id');
  });

  it('the public pages stay open, without redirects, to a signed-in enduser', async () => {
    const { portal, page } = harness;
    const enduser = await newEnduser();
    const { authToken } = await admin.api.endusers.generate_auth_token({ id: enduser.id });

    // The token link signs in and comes back to the unsubscribe page, which still unsubscribes.
    await page.goto(`${linkFor(enduser.id, 'Email')}&token=${encodeURIComponent(authToken)}`);
    await page.getByText(TEXT.unsubscribed).waitFor();
    expect(page.url()).toBe(linkFor(enduser.id, 'Email'));
    await expect(unsubscribedFrom(enduser.id)).resolves.toEqual(['Email']);
    await expectSignedIn(page);

    await page.goto(`${portal.url}/unsubscribe`);
    await page.getByText(TEXT.invalid).waitFor();
    for (const legal of LEGAL_PAGES) await expectLegalPage(page, legal);
    await page.goto(`${portal.url}/e-signature-terms`);
    await page.getByRole('heading', { name: 'Electronic Signature Terms', level: 1 }).waitFor();
    await expectSignedIn(page);
  });

  it('the legal pages show their date and facts, signed out, and their PDFs download', async () => {
    const { portal, page } = harness;
    for (const legal of LEGAL_PAGES) {
      const html = await (await fetch(`${portal.url}${legal.path}`)).text();
      expect(html).toContain(`<title>${legal.title} | ${harness.tenant.name}</title>`);
      expect(html).toContain(TEXT.lastUpdated);

      const href = await expectLegalPage(page, legal);
      expect(href).toBe(`${legal.path}.pdf`);
      const response = await fetch(`${portal.url}${href}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${legal.path.slice(1)}.pdf"`);
      const text = await pdfText(Buffer.from(await response.arrayBuffer()), legal.title);
      expect(text).toContain(legal.title);
      expect(text).toContain(TEXT.lastUpdated);
      for (const fact of legal.facts) expect(text).toContain(fact);
    }
  });

  it('the e-signature terms are a public consent page', async () => {
    const { portal, page } = harness;
    await page.goto(`${portal.url}/e-signature-terms`);
    expect(page.url()).toBe(`${portal.url}/e-signature-terms`);
    await page.getByRole('heading', { name: 'Electronic Signature Terms', level: 1 }).waitFor();
    await page.getByText('has the same legal effect as a handwritten signature').waitFor();
    await page.getByText('You may withdraw this consent').waitFor();
  });
});
