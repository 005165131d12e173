import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { NativeSelect } from '../NativeSelect';
import { FormNotice } from '../patient/FormNotice';
import { useAddingForm } from '../patient/useSectionForm';

export type Colleague = { id: string; label: string };

/**
 * A new task (on a patient's record, about that patient; on the Tasks page, about nobody in particular):
 * what needs doing, who does it (the staff member unless they pick a colleague) and, if it has one, when
 * it is due on their own clock (without a time, by the end of that day). It posts to the page it is on.
 */
export function TaskForm({ colleagues, me }: { colleagues: Colleague[]; me: string }) {
  const { fetcher, busy, mine, problem, formRef, formKey, prefix } = useAddingForm('task');
  const people = [...colleagues.filter((person) => person.id === me), ...colleagues.filter((person) => person.id !== me)];
  return (
    <fetcher.Form method="post" ref={formRef} key={formKey} noValidate>
      <input type="hidden" name="intent" value="task" />
      <Stack gap={1.5} sx={{ pt: 1.5 }}>
        <FormControl error={!!(mine && problem('taskTitle'))}>
          <FormLabel htmlFor={`${prefix}-title`}>New task</FormLabel>
          <Input slotProps={{ input: { id: `${prefix}-title` } }} name="taskTitle" placeholder="e.g. Call back about the refill" />
          {mine && problem('taskTitle') && <FormHelperText>{problem('taskTitle')}</FormHelperText>}
        </FormControl>
        <NativeSelect id={`${prefix}-owner`} label="Assign to" name="taskOwner" options={people.map((person) => person.id)} defaultValue={me} labelOf={(id) => (id === me ? 'Me' : (people.find((person) => person.id === id)?.label ?? 'A colleague'))} />
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <FormControl error={!!(mine && problem('taskDueDay'))}>
            <FormLabel htmlFor={`${prefix}-day`}>Due (optional)</FormLabel>
            <Input type="date" slotProps={{ input: { id: `${prefix}-day` } }} name="taskDueDay" />
            {mine && problem('taskDueDay') && <FormHelperText>{problem('taskDueDay')}</FormHelperText>}
          </FormControl>
          <FormControl>
            <FormLabel htmlFor={`${prefix}-time`}>At (optional)</FormLabel>
            <Input type="time" slotProps={{ input: { id: `${prefix}-time` } }} name="taskDueTime" />
            <FormHelperText>Without a time, by the end of the day.</FormHelperText>
          </FormControl>
        </Box>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            Add task
          </Button>
          <FormNotice state={mine} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}
