import type { en } from './catalogue/en';

/** The catalogue's shape: the English texts, one object per namespace. */
export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;

/** Another language's texts for an English shape: every key, each a string of its own. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Some namespaces of one language's catalogue: what a page's loaders send (page-texts.server.ts). */
export type ScreenTexts = Partial<Catalogue>;
