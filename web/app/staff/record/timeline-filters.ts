/**
 * The timeline's filters: a few groups staff think in (what came and went by message, forms,
 * appointments ...), each gathering the kinds of entry it shows. Kept in the address (?show=) so a
 * reload or a shared link shows the same list (CONVENTIONS.md 13a).
 */
export interface TimelineFilter {
  value: string;
  label: string;
  kinds: readonly string[];
}

export const ALL = 'all';

/** The filter the address names, or everything. */
export const chosenFilter = <F extends TimelineFilter>(filters: readonly F[], value: string | null) => filters.find((filter) => filter.value === value);

/** The items a filter keeps (all of them without one). */
export const filtered = <T extends { kind: string }>(items: readonly T[], filter: TimelineFilter | undefined) => (filter ? items.filter((item) => filter.kinds.includes(item.kind)) : [...items]);
