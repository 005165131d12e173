import type { PortalLanguage } from '@carelane/automation';
import rosetta from 'rosetta';
import { intlLocale } from './locale';
import type { Catalogue, Namespace } from './types';

/**
 * The catalogue's t(): a key of one namespace (dotted into nested texts), `{{name}}` filled from the
 * options, and a plural picked by `count` (`key_one`, `key_other`, ... as Intl.PluralRules names them).
 * Lookup and `{{...}}` are rosetta's; the portal's whole budget for JavaScript is 150 KB (issue 13), and
 * i18next with react-i18next took 19 KB of it for these three things (docs/decisions.md, "The portal's texts without i18next").
 */

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `a.b_one` and `a.b_other` are both asked for as `a.b`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every key of a namespace: its texts (dotted) and, for `returnObjects`, the groups holding them. */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? WithoutPlural<K> : K | `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

/** What a key holds: a group of texts (with `returnObjects`) or a text. */
type ValueAt<T, K extends string> = K extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? ValueAt<T[Head], Rest> : string) : K extends keyof T ? T[K] : string;

export type TextOptions = { count?: number; ns?: Namespace; returnObjects?: boolean } & Record<string, unknown>;

/** One namespace's t(), as `useTranslation(namespace)` gives a component. */
export interface Translate<N extends Namespace> {
  <K extends KeyOf<Catalogue[N]>>(key: K, options: TextOptions & { returnObjects: true; ns?: undefined }): ValueAt<Catalogue[N], K>;
  <M extends Namespace>(key: KeyOf<Catalogue[M]>, options: TextOptions & { ns: M }): string;
  (key: KeyOf<Catalogue[N]>, options?: TextOptions): string;
}

/** One language's texts, each namespace's t() made once. */
export interface Translator {
  language: PortalLanguage;
  namespace<N extends Namespace>(namespace: N): Translate<N>;
  /** A namespace's texts as they are (the form rules take theirs whole); undefined when the page was not sent it. */
  texts<N extends Namespace>(namespace: N): Catalogue[N] | undefined;
}

export const createTranslator = (language: PortalLanguage, messages: Catalogue): Translator => {
  const texts = rosetta<Catalogue>({ [language]: messages });
  texts.locale(language);
  const plurals = new Intl.PluralRules(intlLocale(language));
  const lookup = (path: string[], options?: TextOptions) => texts.t(path, options) as unknown;

  const text = (namespace: Namespace, key: string, options?: TextOptions): unknown => {
    const path = [options?.ns ?? namespace, ...key.split('.')];
    if (typeof options?.count === 'number' && !PLURAL_SUFFIX.test(key)) {
      const last = path.length - 1;
      for (const form of [plurals.select(options.count), 'other']) {
        const plural = lookup([...path.slice(0, last), `${path[last]}_${form}`], options);
        if (typeof plural === 'string' && plural !== '') return plural;
      }
    }
    const found = lookup(path, options);
    // A key the catalogue lacks reads as itself, as i18next did (the types make it rare).
    return found === undefined || found === '' ? (hasText(messages, path) ? '' : key) : found;
  };

  const made = new Map<Namespace, Translate<Namespace>>();
  return {
    language,
    namespace<N extends Namespace>(namespace: N) {
      let t = made.get(namespace);
      if (!t) {
        t = ((key: string, options?: TextOptions) => text(namespace, key, options)) as Translate<Namespace>;
        made.set(namespace, t);
      }
      return t as unknown as Translate<N>;
    },
    texts: (namespace) => (messages as Partial<Catalogue>)[namespace],
  };
};

/** Whether the catalogue holds a text (perhaps an empty one) at a path. */
const hasText = (messages: Catalogue, path: string[]) => {
  let node: unknown = messages;
  for (const part of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string';
};
