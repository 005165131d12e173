import type { Locator } from 'playwright-core';

/** The text colour of an element, computed in the page (the test's TypeScript has no DOM types). */
export const colorOf = (locator: Locator) =>
  locator.evaluate((element) => (globalThis as unknown as { getComputedStyle(node: unknown): { color: string } }).getComputedStyle(element).color);

/** Whether an `rgb(r, g, b)` colour is clearly red (Joy's danger text: the spec's "in red"). */
export const isRed = (color: string) => {
  const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
  return red > green + 60 && red > blue + 60;
};
