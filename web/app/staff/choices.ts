/** Something a menu offers by name (a template, form, staff member, journey, trigger, step or state). */
export interface Choice {
  id: string;
  label: string;
  /** An archived form: still named where something uses it, never offered as a new choice. */
  archived?: true;
  /** A form staff fill in as a note (forms.type 'note'): filled in on the record, never sent to a patient. */
  note?: true;
}

/**
 * What a menu offers: everything but the archived, except the value already chosen, which stays as
 * it is until staff change it (docs/decisions.md, archived forms).
 */
export const offerable = <C extends Choice>(choices: C[], chosen?: string) => choices.filter((choice) => !choice.archived || choice.id === chosen);
