import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ListColumn } from '../list';
import { taskPath } from '../task-page/task-view';
import type { TaskRow } from './queue.server';
import { TaskActions } from './TaskActions';

/** The queue's columns; due and priority sort (api/src/actions/lists/task-queue.ts TASK_SORTS). */
export const taskColumns = (staff: { id: string; label: string }[], patientWord: string): ListColumn<TaskRow>[] => [
  {
    key: 'title',
    label: 'Task',
    byDefault: true,
    cell: (row) => (
      <Stack gap={0.25} component="span">
        <Link component={RemixLink} to={taskPath(row.kind, row.id)}>{row.title}</Link>
        {/* A to-do is marked done rather than closed with a reason: say which kind it is. */}
        {row.kind === 'task' && (
          <Typography level="body-xs" component="span">
            To-do
          </Typography>
        )}
        {row.origin && (
          <Typography level="body-xs" component="span">
            {row.origin}
          </Typography>
        )}
      </Stack>
    ),
  },
  { key: 'patient', label: patientWord, byDefault: true, cell: (row) => (row.patient ? <Link component={RemixLink} to={`/staff/patients/${row.patient.id}`}>{row.patient.name}</Link> : '—') },
  {
    key: 'due',
    label: 'Due',
    sortable: true,
    byDefault: true,
    cell: (row) =>
      row.due ? (
        <span>
          {row.due}
          {row.overdue && (
            <Chip size="sm" color="danger" variant="soft" sx={{ ml: 0.5 }}>
              Overdue
            </Chip>
          )}
        </span>
      ) : (
        'No due date'
      ),
  },
  { key: 'priority', label: 'Priority', sortable: true, byDefault: true, cell: (row) => row.priority || '—' },
  { key: 'assignee', label: 'Assigned', byDefault: true, cell: (row) => row.assignee || 'Unassigned' },
  { key: 'actions', label: 'Actions', byDefault: true, cell: (row) => <TaskActions row={row} staff={staff} /> },
];
