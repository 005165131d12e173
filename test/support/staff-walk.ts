import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { JOURNEY_ACTION_TYPES, JOURNEY_EVENT_TYPES } from '@carelane/automation';

/** Where the staff app's screens live (remix-flat-routes `+` folders: docs/decisions.md, "routes in one folder per app"). */
const CONSOLE_ROUTES = join(__dirname, '../../web/app/routes/staff+/_console+');

export interface StaffRoute {
  /** The route file, relative to the console's folder ('journeys_.$id.tsx'). */
  file: string;
  /** The address pattern ('/staff/journeys/:id'); '/staff/*' for the catch-all. */
  pattern: string;
  /** The names of its parameters, with the segment before each ('journeys' for journeys/:id). */
  params: { name: string; after: string }[];
}

const segmentOf = (part: string) => part.replace(/_$/, '').replace(/\[(.)\]/g, '$1');

/**
 * Every screen of the staff app, read from its route files, so a screen added later is walked
 * without touching the walk: files that draw a page (a default export) in the console's folder and
 * its `+` subfolders, not the layout. Names follow remix-flat-routes: dots separate segments, a
 * leading `_` adds no segment, a trailing `_` leaves the parent's layout, `$name` is a parameter,
 * `$` alone the catch-all.
 */
export const staffRoutes = (dir = CONSOLE_ROUTES): StaffRoute[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry): StaffRoute[] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const nested = staffRoutes(path);
      const prefix = entry.name.replace(/\+$/, '');
      if (prefix.startsWith('_')) return nested.map((route) => ({ ...route, file: relative(CONSOLE_ROUTES, join(path, route.file)) }));
      return nested.map((route) => ({
        ...route,
        file: relative(CONSOLE_ROUTES, join(path, route.file)),
        pattern: route.pattern.replace('/staff', `/staff/${prefix.split('.').map(segmentOf).join('/')}`),
      }));
    }
    if (!/\.tsx?$/.test(entry.name) || /\.test\./.test(entry.name)) return [];
    const name = entry.name.replace(/\.tsx?$/, '');
    if (name === '_layout' || !/export default/.test(readFileSync(path, 'utf8'))) return [];
    const parts = name.split(/\.(?![^[]*\])/).filter((part) => part !== '_index' && !part.startsWith('_'));
    const params: StaffRoute['params'] = [];
    const segments = parts.map((part, index) => {
      if (part === '$') return '*';
      if (part.startsWith('$')) {
        params.push({ name: segmentOf(part.slice(1)), after: segmentOf(parts[index - 1] ?? '') });
        return `:${segmentOf(part.slice(1))}`;
      }
      return segmentOf(part);
    });
    return [{ file: entry.name, pattern: ['/staff', ...segments].join('/'), params }];
  });

/** The words the app must never show: record ids and the automation catalogue's internal type names. */
const RECORD_ID = /\b[0-9a-f]{24}\b/g;
const TYPE_NAMES = new RegExp(`\\b(${[...JOURNEY_ACTION_TYPES, ...JOURNEY_EVENT_TYPES].join('|')})\\b`, 'g');

/** What a person perceives of the page: its visible text, its title, and every aria-label and title attribute. */
export const perceivedText = (page: Page) =>
  page.evaluate<string>(`(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title]')].flatMap((element) => [element.getAttribute('aria-label') || '', element.getAttribute('title') || '']);
    return [document.title, document.body.innerText, ...attributes].filter(Boolean).join('\\n');
  })()`);

/** The ids and internal names in a text, each with a little of what surrounds it. */
export const internalWords = (text: string) =>
  [...text.matchAll(RECORD_ID), ...text.matchAll(TYPE_NAMES)].map((match) => text.slice(Math.max(0, match.index! - 40), match.index! + match[0].length + 20).replace(/\s+/g, ' '));

/**
 * Words the page splits across two lines ('Unassigne' / 'd'): a column squeezed below its words. Only
 * text directly in the elements `selector` matches, shown ones; long strings (an email, a link) and
 * hyphenated words may break.
 */
export const splitWords = (page: Page, selector: string) =>
  page.evaluate<string[]>(`(() => {
    const split = [];
    for (const element of document.querySelectorAll(${JSON.stringify(selector)})) {
      if (!element.offsetParent) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(/[^\\s\\-/]+/g)) {
          if (match[0].length > 24) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  })()`);
