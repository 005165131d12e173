import { Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { RecordSection } from '../record/RecordSection';
import { TaskForm, type Colleague } from '../task-queue/TaskForm';

export interface TaskView {
  id: string;
  /** Its own page: a task's or a to-do's. */
  href: string;
  title: string;
  done: boolean;
  due?: string;
  owner?: string;
}

/** The tasks about this patient (tickets: a journey's "Create the task" step or staff make them, here too) and staff to-dos about them, open ones first. */
export function TasksSection({ tasks, canCreate, colleagues, me }: { tasks: TaskView[]; canCreate: boolean; colleagues: Colleague[]; me: string }) {
  const ordered = [...tasks].sort((a, b) => Number(a.done) - Number(b.done));
  return (
    <RecordSection id="patient-tasks" title="Tasks" empty={tasks.length === 0 && (canCreate ? 'No tasks about this patient. Add one below to remember what needs doing.' : 'No tasks about this patient.')}>
      {ordered.length > 0 && (
        <Box component="ul" aria-label="Tasks" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {ordered.map((task) => (
            <Stack component="li" key={task.id} direction="row" flexWrap="wrap" alignItems="center" gap={1} sx={{ py: 0.75, borderTop: '1px solid', borderColor: 'divider' }}>
              <Typography level="body-sm" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Link component={RemixLink} to={task.href}>{task.title}</Link>
              </Typography>
              {(task.owner || task.due) && <Typography level="body-xs">{[task.owner, task.due && `due ${task.due}`].filter(Boolean).join(' · ')}</Typography>}
              <Chip size="sm" variant="soft" color={task.done ? 'neutral' : 'warning'}>
                {task.done ? 'Done' : 'Open'}
              </Chip>
            </Stack>
          ))}
        </Box>
      )}
      {canCreate && <TaskForm colleagues={colleagues} me={me} />}
    </RecordSection>
  );
}
