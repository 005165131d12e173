import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import type { ListColumn, ListFilter } from '../list';
import type { ResponseRow } from './responses.server';

/** The responses list's columns; the api orders them, newest first, so none sorts. */
export const responseColumns = (patientWord: string): ListColumn<ResponseRow>[] => [
  { key: 'form', label: 'Form', byDefault: true, cell: (row) => (row.href ? <Link component={RemixLink} to={row.href}>{row.form}</Link> : row.form) },
  { key: 'patient', label: patientWord, byDefault: true, cell: (row) => (row.patient ? <Link component={RemixLink} to={`/staff/patients/${row.patient.id}`}>{row.patient.name}</Link> : '—') },
  { key: 'submitted', label: 'Submitted', byDefault: true, cell: (row) => row.submitted },
  { key: 'by', label: 'Filled in by', byDefault: true, cell: (row) => row.by },
];

/** The list's one filter: a form by its title (never its id on screen). */
export const responseFilters = (forms: { id: string; label: string }[]): ListFilter[] => [
  { key: 'form', label: 'Form', kind: 'choice', anyLabel: 'Every form', options: forms.map((form) => ({ value: form.id, label: form.label })) },
];
