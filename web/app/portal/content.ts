/** Education content rules shared by server and browser (docs/contract/portal.md#content, #truncation). */

export const CONTENT_TEXTS = {
  otherContent: 'Other Content',
  searchResults: 'Search Results',
  noContent: 'No content is available at this time',
  noMatches: 'No content matches your search',
  deleted: 'This content has been deleted.',
  loadingPdf: 'Loading pdf...',
  previousPage: 'Previous Page',
  nextPage: 'Next Page',
  openPdf: 'View in new tab or download here',
  // Ours: the spec says only 'personalised'.
  title: (fname: string | undefined) => (fname ? `${fname}'s Education Library` : 'Your Education Library'),
  search: 'Search content',
} as const;

/** docs/contract/portal.md#truncation: content titles are cut at 55 characters on mobile and 100 otherwise. */
export const CONTENT_TITLE_LENGTH = { mobile: 55, desktop: 100 } as const;

export interface ContentSummary {
  id: string;
  title: string;
  category?: string;
  type?: string;
  headerPhoto?: string;
  description: string;
  /** Plain text used by the search. */
  textContent: string;
}

/** Items whose title, description or text contain every word of the query (case-insensitive). */
export const searchContent = (items: ContentSummary[], query: string) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return items;
  return items.filter((item) => {
    const haystack = `${item.title} ${item.description} ${item.textContent} ${item.category ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
};

/** Items grouped by category in first-seen order, 'Other Content' (items without one) last. */
export const groupByCategory = (items: ContentSummary[]) => {
  const groups = new Map<string, ContentSummary[]>();
  const other: ContentSummary[] = [];
  for (const item of items) {
    const category = item.category?.trim();
    if (!category) other.push(item);
    else groups.set(category, [...(groups.get(category) ?? []), item]);
  }
  const result = [...groups.entries()].map(([category, entries]) => ({ category, items: entries }));
  if (other.length) result.push({ category: CONTENT_TEXTS.otherContent, items: other });
  return result;
};

/** Files uploaded in the staff app's content builder, served to the patient through the portal (routes/_portal+/_resources+/content-files.$secureName.tsx). */
export const CONTENT_FILES_PATH = '/content-files/';
