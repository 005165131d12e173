import type { ListColumn, ListFilter, ListState, SortDirection } from './types';

/**
 * The list's state in the page address: `sort=<column>`, `dir=asc|desc`, one parameter per filter,
 * `columns=a,b` (or the column picker's `column=a&column=b`), `view=<saved view>`, and the keyset cursor. Unknown values are dropped, so a hand-made
 * address shows the default list rather than an error.
 */
export const PAGING_PARAMS = ['lastId', 'lastTicketId', 'lastTaskId', 'page'] as const;
/** What a page says once about what was just done (a task page's delete lands on ?deleted=): not carried to the next address. */
const NOTICE_PARAMS = ['deleted'] as const;

export const readListState = <Row,>(search: URLSearchParams, columns: ListColumn<Row>[], filters: ListFilter[], defaultSort?: ListState['sort']): ListState => {
  const sortKey = search.get('sort') ?? '';
  const sortable = columns.find((column) => column.key === sortKey && column.sortable);
  const direction: SortDirection = search.get('dir') === 'desc' ? 'descending' : 'ascending';
  const chosen = [...(search.get('columns') ?? '').split(','), ...search.getAll('column')].filter((key) => columns.some((column) => column.key === key));
  const values = Object.fromEntries(
    filters.flatMap((filter) => {
      const value = search.get(filter.key)?.trim() ?? '';
      if (!value) return [];
      if (filter.kind === 'choice' && !filter.options.some((option) => option.value === value)) return [];
      return [[filter.key, value]];
    }),
  );
  return {
    sort: sortable ? { key: sortable.key, direction } : defaultSort,
    filters: values,
    columns: chosen.length ? columns.filter((column) => chosen.includes(column.key)).map((column) => column.key) : columns.filter((column) => column.byDefault).map((column) => column.key),
    view: search.get('view') ?? undefined,
  };
};

/** The address with some parameters changed (undefined removes one); paging always starts again, and a one-time notice is dropped. */
export const withParams = (search: URLSearchParams | string, changes: Record<string, string | undefined>) => {
  const next = new URLSearchParams(search);
  for (const name of [...PAGING_PARAMS, ...NOTICE_PARAMS]) next.delete(name);
  if (next.has('column')) {
    next.set('columns', next.getAll('column').join(','));
    next.delete('column');
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
};

/** The address that sorts by a column: ascending first, then descending, as a table header does. */
export const sortHref = (search: URLSearchParams | string, state: ListState, key: string) => {
  const current = state.sort?.key === key ? state.sort.direction : undefined;
  return withParams(search, { sort: key, dir: current === 'ascending' ? 'desc' : 'asc' });
};

/** The list's state as a saved view stores it (enduser_views.filter holds our filter values and sort). */
export const viewFilter = (state: ListState) => ({ ...state.filters, ...(state.sort ? { sort: state.sort.key, dir: state.sort.direction === 'descending' ? 'desc' : 'asc' } : {}) });

/** The address of a saved view: its filter values, sort and columns as parameters. */
export const viewHref = (view: { id: string; fields?: string[]; filter?: Record<string, unknown> }) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view.filter ?? {})) if (typeof value === 'string' && value) params.set(key, value);
  if (view.fields?.length) params.set('columns', view.fields.join(','));
  params.set('view', view.id);
  return `?${params.toString()}`;
};
