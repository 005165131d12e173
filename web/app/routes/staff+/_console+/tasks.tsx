import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../../components/Button';
import { EmptyState, readListState, RecordList, withParams } from '../../../staff/list';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { loadStaffChoices } from '../../../staff/patient-list/query.server';
import { taskColumns } from '../../../staff/task-queue/columns';
import { loadQueue, runTaskAction } from '../../../staff/task-queue/queue.server';
import { QUEUES, type QueueKey } from '../../../staff/task-queue/queues';
import { requireStaff } from '../../../staff/session.server';
import { browserTimeZone, viewerTimeZone } from '../../../time/viewer-zone.server';
import { ActionOutcome } from '../../../components/ActionOutcome';
import Sheet from '@mui/joy/Sheet';
import { addTask } from '../../../staff/task-queue/new-task.server';
import { TaskForm } from '../../../staff/task-queue/TaskForm';
import { staffAbilities } from '../../../staff/permissions.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Tasks · Staff' }];

const queueOf = (search: URLSearchParams): QueueKey => (QUEUES.find((queue) => queue.key === search.get('queue'))?.key ?? 'mine');

/** Open tickets and staff tasks in one queue (mine, unassigned, all), through the staff app's one list. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const search = new URL(request.url).searchParams;
  const [{ staff }, words] = await Promise.all([loadStaffChoices(authToken), patientWords(authToken, user.businessId)]);
  const queue = queueOf(search);
  const state = readListState(search, taskColumns(staff, ''), [], { key: 'due', direction: 'ascending' });
  const zone = viewerTimeZone((user as { timezone?: unknown }).timezone, browserTimeZone(request));
  const [page, abilities] = await Promise.all([loadQueue(authToken, search, queue, state, zone, staff), staffAbilities(authToken, user)]);
  return { ...page, queue, state, staff, words, me: user.id, canCreate: abilities.can('tickets', 'create') };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  // The New task form (its own fetcher): a task about nobody in particular, on the staff member's clock.
  if (form.get('intent') === 'task') return addTask(authToken, undefined, form, viewerTimeZone((user as { timezone?: unknown }).timezone, browserTimeZone(request)));
  const { staff } = await loadStaffChoices(authToken);
  return runTaskAction(authToken, user.id, form, new Map(staff.map((member) => [member.id, member.label])));
};

const EMPTY: Record<QueueKey, { title: string; text: string }> = {
  mine: { title: 'Nothing assigned to you', text: 'Tasks assigned to you appear here. Pick one up from the unassigned ones, or look at everyone’s.' },
  unassigned: { title: 'No unassigned tasks', text: 'Every open task has someone on it. Journeys put the tasks they create here until someone is assigned.' },
  all: { title: 'No open tasks', text: 'Tasks appear here when a journey creates one or a colleague assigns one. Closed tasks leave the queue.' },
};

export default function Tasks() {
  const { rows, queue, state, staff, words, nextPage, firstPage, me, canCreate } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  // A task page's delete lands here, naming what it deleted.
  const deleted = new URLSearchParams(search).get('deleted');
  return (
    <Stack gap={2}>
      <Typography level="h2" component="h1">
        Tasks
      </Typography>
      <Box component="nav" aria-label="Queues" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {QUEUES.map((item) => (
          <Button
            key={item.key}
            component={Link}
            to={withParams(search, { queue: item.key })}
            size="sm"
            variant={item.key === queue ? 'soft' : 'plain'}
            color={item.key === queue ? 'primary' : 'neutral'}
            aria-current={item.key === queue ? 'page' : undefined}
          >
            {item.label}
          </Button>
        ))}
      </Box>
      {canCreate && (
        // Closed until asked for: the queue is the page's daily work, adding a task the exception.
        <Sheet variant="outlined" component="details" aria-label="Add a task" sx={{ borderRadius: 'sm', px: 1.5, py: 1, '& > summary': { cursor: 'pointer', fontWeight: 'md' } }}>
          <summary>Add a task</summary>
          <Typography level="body-sm" sx={{ pt: 1 }}>
            For a task about a patient, add it on their record so it links to them.
          </Typography>
          <TaskForm colleagues={staff} me={me} />
        </Sheet>
      )}
      <ActionOutcome notice={result && 'notice' in result ? result.notice : deleted ? `Deleted ${deleted}.` : undefined} problem={result && 'taskError' in result ? result.taskError : undefined} />
      <RecordList
        label={QUEUES.find((item) => item.key === queue)!.list}
        columns={taskColumns(staff, words.one.charAt(0).toUpperCase() + words.one.slice(1))}
        state={state}
        rows={rows}
        rowKey={(row) => row.key}
        rowName={(row) => row.title}
        nextPage={nextPage}
        firstPage={firstPage}
        empty={
          <EmptyState
            {...EMPTY[queue]}
            actions={
              queue !== 'all' && (
                <Button component={Link} to={withParams(search, { queue: queue === 'mine' ? 'unassigned' : 'all' })} variant="outlined">
                  {queue === 'mine' ? 'See unassigned tasks' : 'See all tasks'}
                </Button>
              )
            }
          />
        }
      />
    </Stack>
  );
}
