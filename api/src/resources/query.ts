// List queries (filters, search, order, paging) live in @carelane/engine with the engine that runs them.
export { applyFilter, applyOrderAndPaging, applySearch, DEFAULT_LIMIT, MAX_LIMIT, SORTABLE_FIELDS, type ListOptions } from '@carelane/engine';
