import type { ListFilter } from '../list';

interface Named {
  id: string;
  label: string;
}

/** The list's filters; journeys and staff are offered by name, the tags in use and the clinic's patient details as suggestions. */
export const patientFilters = (journeys: Named[], staff: Named[], { fieldNames = [], tagNames = [] }: { fieldNames?: string[]; tagNames?: string[] } = {}): ListFilter[] => [
  { key: 'q', label: 'Search', kind: 'text', placeholder: 'Name, email or phone' },
  { key: 'tag', label: 'Tag', kind: 'text', suggestions: tagNames.slice(0, 200) },
  {
    key: 'assigned',
    label: 'Assigned to',
    kind: 'choice',
    anyLabel: 'Anyone',
    options: [{ value: 'me', label: 'Me' }, ...staff.map((user) => ({ value: user.id, label: user.label }))],
  },
  { key: 'journey', label: 'Journey', kind: 'choice', anyLabel: 'Any journey', options: journeys.map((journey) => ({ value: journey.id, label: journey.label })) },
  { key: 'state', label: 'State', kind: 'text', placeholder: 'In the journey' },
  { key: 'field', label: 'Custom field', kind: 'text', placeholder: fieldNames[0] ? `e.g. ${fieldNames[0]}` : 'e.g. Insurance', suggestions: fieldNames },
  { key: 'value', label: 'Field value', kind: 'text' },
];
