import type { PortalLanguage } from '@carelane/automation';
import { createContext, useContext, type ReactNode } from 'react';
import { createTranslator, type Translate, type Translator } from './translator';
import type { Catalogue, Namespace } from './types';

/**
 * One translator per catalogue object, kept for as long as that object lives. On the server the
 * root's loader answers the same catalogue object for every request in a language
 * (catalogue.server.ts), so each language is prepared once per process instead of once per render;
 * in the browser the page's loader data holds one catalogue, replaced when the visitor changes language.
 */
const translators = new WeakMap<Catalogue, Translator>();

const translatorOf = (language: PortalLanguage, messages: Catalogue): Translator => {
  const known = translators.get(messages);
  if (known && known.language === language) return known;
  const made = createTranslator(language, messages);
  translators.set(messages, made);
  return made;
};

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the page its visitor's language (from the root's loader data) for useTranslation. */
export function I18nProvider({ language, messages, children }: { language: PortalLanguage; messages: Catalogue; children: ReactNode }) {
  return <TranslatorContext.Provider value={translatorOf(language, messages)}>{children}</TranslatorContext.Provider>;
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
