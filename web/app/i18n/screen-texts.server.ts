import { FALLBACK_LANGUAGE, type PortalLanguage } from '@carelane/automation';
import { linkPatientLanguage } from '../booking/link-language.server';
import type { PortalOrganization } from '../organization';
import { requireOrganization } from '../organization.server';
import { catalogueFor } from './catalogue.server';
import { requestLanguage } from './language.server';
import type { Namespace, ScreenTexts } from './types';

export const isStaffPath = (request: Request) => {
  const { pathname } = new URL(request.url);
  return pathname === '/staff' || pathname.startsWith('/staff/');
};

/**
 * The language a page is drawn in, the same for the root's loader and every route's texts: the staff
 * app's English (docs/decisions.md, "languages"), a confirmation email's link page in its patient's
 * language (booking/link-language.server.ts), else the visitor's (language.server.ts).
 */
export const pageLanguageOf = async (request: Request, organization: PortalOrganization): Promise<PortalLanguage> =>
  isStaffPath(request) ? FALLBACK_LANGUAGE : ((await linkPatientLanguage(request)) ?? (await requestLanguage(request, organization)));

/** The namespaces every page gets from the root: the error screens' (RouteErrorBoundary reads them from the root's data). */
export const ROOT_NAMESPACES = ['errors'] as const satisfies readonly Namespace[];

const rootTexts = new Map<PortalLanguage, ScreenTexts>();

/**
 * What the root sends every portal page: of ROOT_NAMESPACES, each namespace's own texts but not its
 * groups (the api's answers and refusals under `errors` are read on the server, form-error.server.ts).
 */
export const rootScreenTexts = (language: PortalLanguage): ScreenTexts => {
  let texts = rootTexts.get(language);
  if (!texts) {
    const catalogue = catalogueFor(language);
    const ownTexts = (group: object) => Object.fromEntries(Object.entries(group).filter(([, text]) => typeof text === 'string'));
    texts = Object.fromEntries(ROOT_NAMESPACES.map((namespace) => [namespace, ownTexts(catalogue[namespace])])) as ScreenTexts;
    rootTexts.set(language, texts);
  }
  return texts;
};

const subsets = new Map<string, ScreenTexts>();

/**
 * Some namespaces of a language's catalogue, as one object per language and set of namespaces for
 * the process (so the translator made for it is made once, I18nProvider.tsx).
 */
const catalogueSubset = (language: PortalLanguage, namespaces: readonly Namespace[]): ScreenTexts => {
  const key = `${language}:${[...namespaces].sort().join(',')}`;
  let subset = subsets.get(key);
  if (!subset) {
    const catalogue = catalogueFor(language);
    subset = Object.fromEntries(namespaces.map((namespace) => [namespace, catalogue[namespace]])) as ScreenTexts;
    subsets.set(key, subset);
  }
  return subset;
};

/**
 * The texts a route's screen shows, in the page's language, for its loader to answer as `texts`: a
 * page carries only the namespaces its routes name (the root's, its layouts' and its own), not the
 * whole catalogue (issue 13's 150 KB of JavaScript a page). test/scripts/screen-texts.test.ts checks
 * that every namespace a route's components read is named by it or a route it renders inside.
 */
export const screenTexts = async (request: Request, namespaces: readonly Namespace[]): Promise<ScreenTexts> =>
  catalogueSubset(await pageLanguageOf(request, await requireOrganization(request)), namespaces);
