import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import type { ListColumn } from '../list';

/** One patient as the list shows it: names and times already in words, no ids on screen. */
export interface PatientRow {
  id: string;
  name: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  tags: string[];
  assigned: string[];
  lastActive: string;
  unread: boolean;
}

const dash = (text: string) => text || '—';

/** The patient list's columns; `key` is what the list sorts by (api/src/actions/lists/list-endusers.ts ENDUSER_SORTS through SORT_FIELDS). */
export const PATIENT_COLUMNS: ListColumn<PatientRow>[] = [
  { key: 'name', label: 'Name', sortable: true, byDefault: true, cell: (row) => <Link component={RemixLink} to={`/staff/patients/${row.id}`}>{row.name}</Link> },
  { key: 'dateOfBirth', label: 'Date of birth', sortable: true, byDefault: true, cell: (row) => dash(row.dateOfBirth) },
  { key: 'phone', label: 'Phone', sortable: true, byDefault: true, cell: (row) => dash(row.phone) },
  { key: 'email', label: 'Email', sortable: true, byDefault: true, cell: (row) => dash(row.email) },
  {
    key: 'tags',
    label: 'Tags',
    sortable: true,
    byDefault: true,
    cell: (row) =>
      row.tags.length ? (
        <Stack direction="row" gap={0.5} flexWrap="wrap" component="span">
          {row.tags.map((tag) => (
            <Chip key={tag} size="sm" variant="soft">
              {tag}
            </Chip>
          ))}
        </Stack>
      ) : (
        '—'
      ),
  },
  { key: 'assigned', label: 'Assigned', sortable: true, byDefault: true, cell: (row) => dash(row.assigned.join(', ')) },
  { key: 'lastActive', label: 'Last active', sortable: true, byDefault: true, cell: (row) => dash(row.lastActive) },
  {
    key: 'unread',
    label: 'Unread',
    sortable: true,
    cell: (row) =>
      row.unread ? (
        <Chip size="sm" color="primary" variant="solid">
          Unread
        </Chip>
      ) : (
        '—'
      ),
  },
];

/** The api's sortBy for each sortable column. */
export const SORT_FIELDS: Record<string, string> = {
  name: 'lname',
  dateOfBirth: 'dateOfBirth',
  phone: 'phone',
  email: 'email',
  tags: 'tags',
  assigned: 'assignedTo',
  lastActive: 'lastActive',
  unread: 'unread',
};
