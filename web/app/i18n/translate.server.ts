import type { PortalLanguage } from '@carelane/automation';
import { catalogueFor } from './catalogue.server';
import { createTranslator, type Translate, type Translator } from './translator';

const translators = new Map<PortalLanguage, Translator>();

/** One language's translator for the process (catalogue.server.ts holds every language). */
const translatorOf = (language: PortalLanguage): Translator => {
  let known = translators.get(language);
  if (!known) {
    known = createTranslator(language, catalogueFor(language));
    translators.set(language, known);
  }
  return known;
};

/**
 * The catalogue's t() for server code (loader and action messages, emails the portal sends): the
 * common namespace by default, another by `{ ns }`.
 */
export const translatorFor = (language: PortalLanguage): Translate<'common'> => translatorOf(language).namespace('common');

/** One namespace's t() in a language, as useTranslation(namespace) gives a component. */
export const namespaceTexts = <N extends Parameters<Translator['namespace']>[0]>(language: PortalLanguage, namespace: N): Translate<N> => translatorOf(language).namespace(namespace);
