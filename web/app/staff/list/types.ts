import type { ReactNode } from 'react';

/**
 * One column of a staff list: its label, how a row shows in it, and whether the list can sort by it
 * (the key the server sorts by). Screens define their columns once; the list draws the table, the
 * phone's cards, the column picker and the sort buttons from them (CONVENTIONS.md 13b).
 */
export interface ListColumn<Row> {
  key: string;
  label: string;
  sortable?: boolean;
  /** The row's cell. */
  cell: (row: Row) => ReactNode;
  /** Shown when no column is chosen (the list's default columns). */
  byDefault?: boolean;
}

/** A filter the list offers: a text box, or a choice among named options (never ids on screen). */
export type ListFilter =
  | { key: string; label: string; kind: 'text'; placeholder?: string; /** Offered as the box is typed in (a datalist); any text is still allowed. */ suggestions?: string[] }
  | { key: string; label: string; kind: 'choice'; anyLabel: string; options: { value: string; label: string }[] };

export type SortDirection = 'ascending' | 'descending';

/** The list's state as the page address holds it, so a view can be shared, reloaded and saved. */
export interface ListState {
  sort?: { key: string; direction: SortDirection };
  /** Filter values by filter key; empty ones left out. */
  filters: Record<string, string>;
  /** Chosen column keys, in the definition's order. */
  columns: string[];
  /** The saved view shown, when one is. */
  view?: string;
}

/** A bulk action the bar offers for the chosen rows. */
export interface BulkAction {
  intent: string;
  label: string;
  /** The dialog's question for a count ('Add 3 patients to a journey?'). */
  question: (count: number) => string;
  /** What to ask for before confirming (a journey, tags, a staff member). */
  field?:
    | { kind: 'choice'; name: string; label: string; options: { value: string; label: string }[] }
    | { kind: 'text'; name: string; label: string; hint?: string };
  confirmLabel: string;
}
