import { en } from './catalogue/en';
import type { Catalogue, ScreenTexts } from './types';

interface MetaMatch {
  id: string;
  data?: unknown;
}

/**
 * The page's catalogue for a route's meta() (a document title): the root's texts and those the page's
 * routes sent (page-texts.server.ts), in the visitor's language; English for a namespace none of them
 * holds (an error page, whose loaders answered nothing).
 */
export const metaCatalogue = (matches: readonly (MetaMatch | undefined)[]): Catalogue => {
  const sent = matches.map((match) => {
    const data = match?.data as { messages?: ScreenTexts; texts?: ScreenTexts } | undefined;
    return { ...data?.messages, ...data?.texts };
  });
  return Object.assign({}, en, ...sent) as Catalogue;
};
