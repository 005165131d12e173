import type { BulkAction } from '../list';
import type { PatientWords } from './display-name.server';

export const count = (n: number, words: PatientWords) => `${n} ${n === 1 ? words.one : words.many}`;

/** The patient list's bulk actions; each confirms with the count before it writes. */
export const patientBulkActions = (words: PatientWords, journeys: { id: string; label: string }[], staff: { id: string; label: string }[]): BulkAction[] => [
  {
    intent: 'addToJourney',
    label: 'Add to journey',
    question: (n) => `Add ${count(n, words)} to a journey?`,
    field: { kind: 'choice', name: 'journeyId', label: 'Journey', options: journeys.map((journey) => ({ value: journey.id, label: journey.label })) },
    confirmLabel: 'Add to journey',
  },
  {
    intent: 'addTags',
    label: 'Add tags',
    question: (n) => `Add tags to ${count(n, words)}?`,
    field: { kind: 'text', name: 'tags', label: 'Tags', hint: 'Separate tags with commas. Tags they already have stay as they are.' },
    confirmLabel: 'Add tags',
  },
  {
    intent: 'assign',
    label: 'Assign',
    question: (n) => `Assign ${count(n, words)} to a staff member?`,
    field: { kind: 'choice', name: 'userId', label: 'Staff member', options: staff.map((user) => ({ value: user.id, label: user.label })) },
    confirmLabel: 'Assign',
  },
];
