export { RecordList, type RecordListProps } from './RecordList';
export { EmptyState } from './EmptyState';
export { FilterBar } from './FilterBar';
export { SavedViews, type SavedView } from './SavedViews';
export { readListState, withParams, sortHref, viewHref, viewFilter } from './url-state';
export type { BulkAction, ListColumn, ListFilter, ListState } from './types';
