import { Form } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { useTranslation } from '../../i18n/I18nProvider';
import { EventSection as Section } from './EventSection';

export interface EventTaskView {
  id: string;
  title: string;
  description?: string;
  completed: boolean;
}

/** The enduser's tasks for the event, each marked complete with a plain form post. */
export function EventTasks({ tasks, busy }: { tasks: EventTaskView[]; busy: boolean }) {
  const { t } = useTranslation('events');
  if (!tasks.length) return null;
  return (
    <Section title={t('tasks')}>
      <List size="sm" sx={{ gap: 1 }}>
        {tasks.map((task) => (
          <ListItem key={task.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <span>
              {task.title}
              {task.description && <Typography level="body-xs" display="block">{task.description}</Typography>}
            </span>
            {task.completed ? (
              <Chip color="success" variant="soft">
                {t('completed')}
              </Chip>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="complete-task" />
                <input type="hidden" name="taskId" value={task.id} />
                <Button type="submit" size="sm" variant="outlined" disabled={busy} aria-label={t('markCompleteOf', { title: task.title })}>
                  {t('markComplete')}
                </Button>
              </Form>
            )}
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
