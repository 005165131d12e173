/** Education content rules shared by server and browser (docs/contract/portal.md#content, #truncation). */

// The library's words are in the catalogue (web/app/i18n/catalogue/*/content.ts).

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

/** Items grouped by category in first-seen order, 'Other Content' (items without one, named in the page's language) last. */
export const groupByCategory = (items: ContentSummary[], otherContent: string) => {
  const groups = new Map<string, ContentSummary[]>();
  const other: ContentSummary[] = [];
  for (const item of items) {
    const category = item.category?.trim();
    if (!category) other.push(item);
    else groups.set(category, [...(groups.get(category) ?? []), item]);
  }
  const result = [...groups.entries()].map(([category, entries]) => ({ category, items: entries }));
  if (other.length) result.push({ category: otherContent, items: other });
  return result;
};

/** Files uploaded in the staff app's content builder, served to the patient through the portal (routes/_portal+/_resources+/content-files.$secureName.tsx). */
export const CONTENT_FILES_PATH = '/content-files/';
