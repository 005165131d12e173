import { Form, Link, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import JoyLink from '@mui/joy/Link';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { ActionOutcome } from '../../components/ActionOutcome';
import Button from '../../components/Button';
import { ConfirmAction } from '../ConfirmAction';
import { NativeSelect } from '../NativeSelect';
import { RecordHeader } from '../record/RecordHeader';
import type { TaskAnswer } from './task-fields.server';
import type { TaskView } from './task-view';

const NOBODY = '';

/** What the page calls it: a task (a ticket) or a to-do (a staff task). */
const nounOf = (task: TaskView) => (task.kind === 'ticket' ? 'task' : 'to-do');

/** The task's own card: a titled region of the page. */
function TaskCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ gap: 1.5 }}>
      <Typography level="title-lg" component="h2" id={id}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** Title, what it is about, due day and time on the staff member's clock, priority and who does it. */
function EditTask({ task, answer }: { task: TaskView; answer?: TaskAnswer }) {
  const busy = useNavigation().formData?.get('intent') === 'save';
  const problem = (name: string) => (answer?.intent === 'save' ? answer.fieldErrors?.[name] : undefined);
  return (
    <TaskCard id="task-edit" title={`Change the ${nounOf(task)}`}>
      {/* Keyed by what is saved, so the boxes show the stored task after each save. */}
      <Form method="post" noValidate key={JSON.stringify([task.title, task.message, task.dueBoxes, task.priority, task.owner])}>
        <input type="hidden" name="intent" value="save" />
        <Stack gap={1.5}>
          <FormControl error={!!problem('title')}>
            <FormLabel htmlFor="task-title">What needs doing</FormLabel>
            <Input slotProps={{ input: { id: 'task-title' } }} name="title" defaultValue={task.title} />
            {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
          </FormControl>
          <FormControl>
            <FormLabel htmlFor="task-message">Notes</FormLabel>
            <Textarea slotProps={{ textarea: { id: 'task-message' } }} name="message" minRows={3} defaultValue={task.message} />
          </FormControl>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormControl error={!!problem('dueDay')}>
              <FormLabel htmlFor="task-due-day">Due</FormLabel>
              <Input type="date" slotProps={{ input: { id: 'task-due-day' } }} name="dueDay" defaultValue={task.dueBoxes.day} />
              <FormHelperText>{problem('dueDay') ?? 'Clear it for no due date.'}</FormHelperText>
            </FormControl>
            <FormControl>
              <FormLabel htmlFor="task-due-time">At</FormLabel>
              <Input type="time" slotProps={{ input: { id: 'task-due-time' } }} name="dueTime" defaultValue={task.dueBoxes.time} />
              <FormHelperText>Without a time, by the end of the day.</FormHelperText>
            </FormControl>
            {task.kind === 'ticket' && (
              <FormControl error={!!problem('priority')}>
                <FormLabel htmlFor="task-priority">Priority</FormLabel>
                <Input slotProps={{ input: { id: 'task-priority', inputMode: 'numeric' } }} name="priority" defaultValue={task.priority} />
                <FormHelperText>{problem('priority') ?? 'A number the task list sorts by; empty for none.'}</FormHelperText>
              </FormControl>
            )}
            <NativeSelect
              id="task-owner"
              label="Assigned to"
              name="owner"
              options={[NOBODY, ...task.staff.map((member) => member.id)]}
              defaultValue={task.owner}
              labelOf={(id) => (id === NOBODY ? 'Nobody yet' : (task.staff.find((member) => member.id === id)?.label ?? 'A colleague'))}
            />
          </Box>
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Save {nounOf(task)}
          </Button>
        </Stack>
      </Form>
    </TaskCard>
  );
}

/** A to-do is done or not: one button either way. */
function DoneOrNot({ task }: { task: TaskView }) {
  const navigation = useNavigation();
  const intent = task.closed ? 'reopen' : 'close';
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={task.closed ? 'outlined' : 'solid'} color={task.closed ? 'neutral' : 'success'} loading={navigation.formData?.get('intent') === intent}>
        {task.closed ? 'Mark not done' : 'Mark done'}
      </Button>
    </Form>
  );
}

/** Close with one of the task's reasons (or one typed, when it has none); a closed task can be reopened. */
function CloseOrReopen({ task, answer }: { task: TaskView; answer?: TaskAnswer }) {
  const navigation = useNavigation();
  const problem = answer?.intent === 'close' ? answer.fieldErrors?.reason : undefined;
  if (task.kind === 'todo') return <DoneOrNot task={task} />;
  if (task.closed) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="reopen" />
        <Button type="submit" variant="outlined" loading={navigation.formData?.get('intent') === 'reopen'}>
          Reopen task
        </Button>
      </Form>
    );
  }
  return (
    <TaskCard id="task-close" title="Close the task">
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="close" />
        <Stack gap={1.5}>
          {task.closeReasons.length ? (
            <FormControl error={!!problem}>
              <FormLabel id="task-reason">Reason</FormLabel>
              <RadioGroup name="reason" aria-labelledby="task-reason">
                {task.closeReasons.map((reason) => (
                  <Radio key={reason} value={reason} label={reason} />
                ))}
              </RadioGroup>
              {problem && <FormHelperText>{problem}</FormHelperText>}
            </FormControl>
          ) : (
            <FormControl error={!!problem}>
              <FormLabel htmlFor="task-reason">Reason</FormLabel>
              <Input slotProps={{ input: { id: 'task-reason' } }} name="reason" placeholder="e.g. Called back, all sorted" />
              {problem && <FormHelperText>{problem}</FormHelperText>}
            </FormControl>
          )}
          <Button type="submit" variant="outlined" loading={navigation.formData?.get('intent') === 'close'} sx={{ alignSelf: 'flex-start' }}>
            Close task
          </Button>
        </Stack>
      </Form>
    </TaskCard>
  );
}

/**
 * A task's or a to-do's own page (the queue's, Today's and the record's titles open it): what it is,
 * for whom, when it is due on the staff member's clock, and, as the role allows, changing, closing
 * (a to-do: marking done) or reopening and deleting it.
 */
export function TaskPage({ task, answer }: { task: TaskView; answer?: TaskAnswer }) {
  const facts = [
    { label: 'Patient', value: task.patient ? <JoyLink component={Link} to={`/staff/patients/${task.patient.id}`}>{task.patient.name}</JoyLink> : 'Not about a patient' },
    { label: 'Due', value: task.due || 'No due date' },
    { label: 'Assigned to', value: task.ownerName || 'Nobody yet' },
    ...(task.kind === 'ticket' ? [{ label: 'Priority', value: task.priority || 'None' }] : []),
    ...(task.followers ? [{ label: 'Followed by', value: task.followers }] : []),
    { label: 'Added', value: task.added || 'Unknown' },
    ...(task.origin ? [{ label: 'Made by', value: task.origin }] : []),
  ];
  const noun = nounOf(task);
  const state = task.kind === 'ticket' ? (task.closed ? 'Closed' : 'Open') : task.closed ? 'Done' : 'Not done yet';
  // Words, not chips: the header's subtitle is a paragraph, which may hold no block elements.
  const subtitle = [noun === 'to-do' ? 'To-do' : undefined, state, task.overdue ? 'Overdue' : undefined].filter(Boolean).join(' · ');
  return (
    <Stack gap={2}>
      <RecordHeader
        back={{ to: '/staff/tasks', label: 'All tasks' }}
        title={task.title}
        subtitle={subtitle}
        facts={facts}
        actions={
          task.canDelete ? (
            <ConfirmAction
              opener="Delete"
              openerName={`Delete ${task.title}`}
              title={`Delete ${task.title}?`}
              consequence={`The ${noun} leaves the task list and the patient's record for good. To keep a record of it, ${task.kind === 'ticket' ? 'close it' : 'mark it done'} instead.`}
              confirm={`Delete ${noun}`}
              intent="delete"
            />
          ) : undefined
        }
      />
      <ActionOutcome notice={answer?.notice} problem={answer?.formError} />
      {task.closed && task.kind === 'ticket' && (
        <Typography level="body-md" role="note">
          Closed {task.closed.when}
          {task.closed.by ? ` by ${task.closed.by}` : ''}
          {task.closed.reason ? `: ${task.closed.reason}` : ''}
        </Typography>
      )}
      <TaskCard id="task-notes" title="Notes">
        <Typography level="body-md" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.message || 'No notes yet.'}
        </Typography>
      </TaskCard>
      {task.canEdit && <CloseOrReopen task={task} answer={answer} />}
      {task.canEdit && <EditTask task={task} answer={answer} />}
    </Stack>
  );
}
