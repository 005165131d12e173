import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/** What the practice sells, set up in the staff app: a price typed in dollars is kept in cents, as Stripe and Square take it. */
describe('portal: staff products', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const productsNamed = async (title: string) => (await admin.api.products.getSome()).filter((row) => row.title === title);

  it('adds a product with its price, refuses a price that is not one, edits and deletes it', async () => {
    const { page, portal } = harness;
    const suffix = randomBytes(2).toString('hex');
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/products');
    await page.getByRole('heading', { name: 'No products yet' }).waitFor();
    await checkScreen(page, 'staff-products-empty', MOBILE);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('link', { name: 'Add a product' }).click();
    await page.getByRole('heading', { name: 'Add a product', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const title = `Initial consultation ${suffix}`;
    await page.getByLabel('Name').fill(title);
    await page.getByLabel('Price (US dollars)').fill('forty');
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByText('Write the price in dollars, for example 49.50').waitFor();
    expect(await productsNamed(title)).toEqual([]);

    await page.getByLabel('Price (US dollars)').fill('$1,249.5');
    await page.getByLabel('Description').fill('A first visit of an hour.');
    await checkScreen(page, 'staff-products-form', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${title}.` }).waitFor();
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
    await card.getByText('$1,249.50 · paid through Stripe').waitFor();
    const [stored] = await productsNamed(title);
    expect(stored).toMatchObject({ cost: { amount: 124_950, currency: 'USD' }, processor: 'Stripe', description: 'A first visit of an hour.' });
    await checkScreen(page, 'staff-products-list', DESKTOP);

    // Edited: the price shows in dollars again, and a new one is kept.
    await card.getByRole('link', { name: title }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Price (US dollars)').inputValue()).toBe('1249.50');
    await page.getByLabel('Price (US dollars)').fill('80');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${title}.` }).waitFor();
    expect((await productsNamed(title))[0]).toMatchObject({ cost: { amount: 8_000, currency: 'USD' } });

    await page.goto(`${portal.url}/staff/products/${stored!.id}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog', { name: `Delete ${title}?` }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Product deleted.' }).waitFor();
    expect(await productsNamed(title)).toEqual([]);
  });

  it('a role that may only read products sees them without the controls, and is not offered the page in the navigation', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const product = await admin.api.products.createOne({ title: `Package ${randomBytes(2).toString('hex')}`, cost: { amount: 5_000, currency: 'USD' }, processor: 'Square' } as never);
    const staff = await staffWithRole(harness, admin, { products: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/products/${product.id}`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: product.title, level: 1 }).waitFor();
    expect(await page.getByLabel('Price (US dollars)').inputValue()).toBe('50.00');
    expect(await page.getByRole('button', { name: 'Save product' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).count()).toBe(0);
  });
});
