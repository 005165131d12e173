import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { signInAs } from '../support/portal-pages';

/** Evaluated, not added as a <script>: the portal's CSP refuses inline scripts without its nonce. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A and AA rules). */
const seriousViolations = async (page: Page) => {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((result) => result.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    // The element's markup and axe's reason too: a selector such as ".Mui-disabled" names no element.
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.html.slice(0, 300)} (${node.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? ''})`).join(', ')}`);
};

/** Issue 13's pages have no serious or critical accessibility violation, at both widths. */
describe('portal: accessibility of the signed-in pages (axe-core)', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('shell, Home, Events, event detail, Care Plan, Documents, Add File, form filling, response view and Settings', async () => {
    const { page, portal } = harness;
    const enduser = await admin.api.endusers.createOne({ fname: 'Axel', lname: 'Patient', email: `axel-${randomBytes(4).toString('hex')}@example.com` });
    const task = await admin.api.enduser_tasks.createOne({ title: 'Bring your card', enduserId: enduser.id });
    const event = await admin.api.calendar_events.createOne({
      title: 'Checkup',
      description: 'Annual checkup',
      location: 'Main Clinic',
      startTimeInMS: Date.now() + 86_400_000,
      durationInMinutes: 30,
      attendees: [{ type: 'enduser', id: enduser.id }],
      enduserTasks: [{ id: task.id, enduserId: enduser.id }],
    });
    const form = await admin.api.forms.createOne({ title: 'Intake' });
    const first = await admin.api.form_fields.createOne({ formId: form.id, title: 'Home address', type: 'Address', previousFields: [{ type: 'root', info: {} }] } as never);
    const second = await admin.api.form_fields.createOne({ formId: form.id, title: 'Allergies', type: 'multiple_choice', options: { choices: ['Latex', 'Peanuts'], radio: true, other: true }, previousFields: [{ type: 'after', info: { fieldId: first.id } }] } as never);
    await admin.api.form_fields.createOne({
      formId: form.id,
      title: 'Medications',
      type: 'Table Input',
      options: { tableChoices: [{ label: 'Name', type: 'Text' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily'] } }] },
      previousFields: [{ type: 'after', info: { fieldId: second.id } }],
    } as never);
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    const [response] = await admin.api.form_responses.getSome({ filter: { accessCode } });

    await signInAs(harness, admin, enduser.id, '/home');
    const pages = [
      '/home',
      '/events',
      `/events/${event.id}`,
      `/events/${event.id}?confirm=cancel`,
      '/care-plan',
      '/documents',
      '/documents?upload=1',
      `/documents/forms/${accessCode}`,
      `/documents/forms/${accessCode}?step=1`,
      `/documents/forms/${accessCode}?step=2`,
      `/documents/responses/${response.id}`,
      '/settings',
    ];
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const path of pages) {
        await page.goto(`${portal.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        for (const violation of await seriousViolations(page)) found.push(`${viewport.width}px ${path}: ${violation}`);
      }
      // The collapsed sidebar and the open drawer too.
      if (viewport.width === 1280) {
        await page.goto(`${portal.url}/home`);
        await page.getByRole('button', { name: 'Collapse navigation' }).click();
        await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
        for (const violation of await seriousViolations(page)) found.push(`collapsed sidebar: ${violation}`);
        await page.getByRole('button', { name: 'Expand navigation' }).click();
        await page.getByRole('button', { name: 'Collapse navigation' }).waitFor();
      } else {
        await page.goto(`${portal.url}/home`);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Menu' }).waitFor();
        for (const violation of await seriousViolations(page)) found.push(`drawer: ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
});
