import { Link, useLocation } from '@remix-run/react';
import type { ListColumn, ListState } from './types';
import { sortHref } from './url-state';

const ARROWS = { ascending: '↑', descending: '↓' } as const;

/**
 * A column header. A sortable one is a link that reads as a button (screen readers hear "Sort by
 * Name"), and the header cell carries aria-sort while the list is sorted by it.
 */
export function SortHeader<Row>({ column, state }: { column: ListColumn<Row>; state: ListState }) {
  const { search } = useLocation();
  const direction = state.sort?.key === column.key ? state.sort.direction : undefined;
  if (!column.sortable) return <th scope="col">{column.label}</th>;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <Link
        to={sortHref(search, state, column.key)}
        role="button"
        aria-label={`Sort by ${column.label}${direction === 'ascending' ? ', now ascending' : direction === 'descending' ? ', now descending' : ''}`}
        preventScrollReset
        style={{ color: 'inherit', textDecoration: 'none', whiteSpace: 'nowrap', fontWeight: 'inherit' }}
      >
        {column.label}
        <span aria-hidden="true" style={{ opacity: direction ? 1 : 0.35, marginLeft: 4 }}>
          {direction ? ARROWS[direction] : '↕'}
        </span>
      </Link>
    </th>
  );
}
