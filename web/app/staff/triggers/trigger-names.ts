import type { NameOf, Picker } from '@carelane/automation';

/** Looks records up by name for a trigger's sentences (the catalogue's NameOf), from the lists the console loaded. */
export const triggerNameOf = (named: Partial<Record<'forms' | 'journeys' | 'templates' | 'users', { id: string; label: string }[]>>): NameOf => {
  const lists: Partial<Record<Picker, { id: string; label: string }[]>> = { form: named.forms, journey: named.journeys, template: named.templates, staff: named.users };
  return (picker, id) => lists[picker]?.find((choice) => choice.id === String(id))?.label;
};
