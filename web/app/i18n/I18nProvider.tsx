import type { PortalLanguage } from '@carelane/automation';
import { useMatches } from '@remix-run/react';
import { createContext, useContext, type ReactNode } from 'react';
import { createTranslator, type Translate, type Translator } from './translator';
import type { Catalogue, Namespace, ScreenTexts } from './types';

/**
 * One translator per language and set of texts objects. On the server the loaders answer the same
 * objects for every request (screen-texts.server.ts), so a page's texts are prepared once per
 * process; in the browser each answer of a loader is a new object, so the kept translators are
 * forgotten now and then rather than kept for the whole visit.
 */
const translators = new Map<string, Translator>();
const KEPT_TRANSLATORS = 100;
const partIds = new WeakMap<object, number>();
let nextPartId = 0;

const partId = (part: object) => {
  let id = partIds.get(part);
  if (id === undefined) partIds.set(part, (id = nextPartId++));
  return id;
};

const translatorOf = (language: PortalLanguage, parts: readonly ScreenTexts[]): Translator => {
  const key = `${language}:${parts.map(partId).join(',')}`;
  let known = translators.get(key);
  if (!known) {
    if (translators.size >= KEPT_TRANSLATORS) translators.clear();
    // A namespace no route sent reads its keys as themselves; screen-texts.test.ts keeps that from happening.
    known = createTranslator(language, Object.assign({}, ...parts) as Catalogue);
    translators.set(key, known);
  }
  return known;
};

const TranslatorContext = createContext<Translator | null>(null);

/** The texts each matched route's loader sent (i18n/screen-texts.server.ts), outermost first. */
const useRouteTexts = (): ScreenTexts[] =>
  useMatches().flatMap((match) => {
    const texts = (match.data as { texts?: ScreenTexts } | undefined)?.texts;
    return texts && typeof texts === 'object' ? [texts] : [];
  });

/** Gives the page its visitor's language for useTranslation: the root's texts and those its routes sent. */
export function I18nProvider({ language, messages, children }: { language: PortalLanguage; messages: ScreenTexts; children: ReactNode }) {
  const routeTexts = useRouteTexts();
  return <TranslatorContext.Provider value={translatorOf(language, [messages, ...routeTexts])}>{children}</TranslatorContext.Provider>;
}

/** Outside the provider (an error screen that lost the root's data) a key reads as itself. */
const keysOnly = ((key: string) => key) as Translate<Namespace>;

/**
 * One namespace's texts for a component: `t('key')`, `t('key', { count })`, `t('key', { name })`;
 * given several namespaces, the first is the default and `{ ns }` reads another.
 */
export const useTranslation = <N extends Namespace>(namespace: N | readonly [N, ...Namespace[]]): { t: Translate<N> } => {
  const translator = useContext(TranslatorContext);
  const first = (typeof namespace === 'string' ? namespace : namespace[0]) as N;
  return { t: translator ? translator.namespace(first) : (keysOnly as unknown as Translate<N>) };
};

/** One namespace's texts as they are, for code that takes a group of texts whole (route-form.ts's form rules). */
export const useNamespaceTexts = <N extends Namespace>(namespace: N): Catalogue[N] | undefined => useContext(TranslatorContext)?.texts(namespace);
