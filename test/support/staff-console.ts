import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { fixturePasswordHash } from './fixture-password';
import { seriousAccessibilityViolations } from './axe';
import type { PortalHarness } from './portal-harness';
import { screenshot } from './portal-pages';

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/** Fills the staff sign-in form on the page shown now. */
export const signInStaff = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Opens a console page as the tenant's admin (through the sign-in form) and waits until it shows. */
export const openAsAdmin = async (harness: PortalHarness, path: string) => {
  await harness.page.goto(`${harness.portal.url}${path}`);
  await signInStaff(harness.page, harness.tenant.adminEmail, harness.tenant.adminPassword);
  await harness.page.waitForURL(`${harness.portal.url}${path}`);
  // The address can already read `path` while the sign-in page is still showing (the sign-in is
  // submitted by the client and the console renders its form in place): wait until it is gone.
  await harness.page.getByRole('heading', { name: 'Staff sign in', level: 1 }).waitFor({ state: 'detached' });
};

type Level = 'All' | 'Assigned' | 'Default' | null;
export const levels = (create: Level, read: Level, update: Level, del: Level) => ({ create, read, update, delete: del });

/**
 * A non-admin staff member holding one role whose record (written by the admin) sets the given
 * permissions; given a password directly (staff passwords otherwise arrive by mail).
 */
export const staffWithRole = async (harness: PortalHarness, admin: Session, permissions: Record<string, ReturnType<typeof levels>>) => {
  const role = `console-${randomBytes(3).toString('hex')}`;
  await admin.api.role_based_access_permissions.createOne({ role, permissions } as never);
  const email = `staff-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Correct-horse-9';
  const user = await admin.api.users.createOne({ email, fname: 'Limited', lname: 'Staff', roles: [role] } as never);
  await harness.api.dataSource.getRepository('users').update({ _id: user.id }, { hashedPassword: await fixturePasswordHash(password) });
  return { email, password, role, userId: user.id };
};

/**
 * The page at one width: a screenshot to look at, nothing sideways wider than the screen, and no
 * serious or critical axe-core finding.
 */
export const checkScreen = async (page: Page, name: string, size: { width: number; height: number }) => {
  await page.setViewportSize(size);
  await screenshot(page, name);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(size.width);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
};
