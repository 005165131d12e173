import type { NameOf, Picker } from '@carelane/automation';

type Named = Partial<Record<'forms' | 'journeys' | 'templates' | 'users' | 'waitlists' | 'fields', { id: string; label: string }[]>>;

/** Looks records up by name for a trigger's sentences (the catalogue's NameOf), from the lists the console loaded. */
export const triggerNameOf = (named: Named): NameOf => {
  const lists: Partial<Record<Picker, { id: string; label: string }[]>> = {
    form: named.forms,
    journey: named.journeys,
    template: named.templates,
    staff: named.users,
    waitlist: named.waitlists,
    field: named.fields,
  };
  return (picker, id) => lists[picker]?.find((choice) => choice.id === String(id))?.label;
};
