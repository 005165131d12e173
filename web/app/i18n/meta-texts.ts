import { en } from './catalogue/en';
import type { Catalogue } from './types';

interface MetaMatch {
  id: string;
  data?: unknown;
}

/**
 * The page's catalogue for a route's meta() (a document title), read from the root's loader data,
 * which holds the visitor's language's texts; English when the root has none (an error page).
 */
export const metaCatalogue = (matches: readonly (MetaMatch | undefined)[]): Catalogue =>
  (matches.find((match) => match?.id === 'root')?.data as { messages?: Catalogue } | undefined)?.messages ?? en;
