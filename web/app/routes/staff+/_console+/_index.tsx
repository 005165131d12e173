import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { formatIn } from '../../../time/format';
import { staffTimeZone } from '../../../time/viewer-zone.server';
import { staffAbilities } from '../../../staff/permissions.server';
import { requireStaff } from '../../../staff/session.server';
import { loadToday } from '../../../staff/shell/today.server';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { TodayList } from '../../../staff/shell/TodayList';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Today · Staff' }];

/** Today: the staff member's home, built from the api as their role may read it, on their clock. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const timeZone = staffTimeZone(request, user);
  const abilities = await staffAbilities(authToken, user);
  const now = Date.now();
  const [today, words] = await Promise.all([loadToday(authToken, user, abilities, timeZone, now), patientWords(authToken, user.businessId)]);
  return { today, date: formatIn(now, timeZone, 'weekdayDate'), timeZone, many: words.many };
};

interface TodayPanel {
  key: 'conversations' | 'tasks' | 'appointments' | 'responses' | 'calls' | 'errors';
  title: string;
  /** What the panel says with nothing to list; `{patients}` is what the organization calls its patients. */
  empty: string;
  more?: { to: string; label: string };
}

/** Today's panels, in order; each shows when the role may read what it lists (loadToday leaves the others out). */
const TODAY_PANELS: readonly TodayPanel[] = [
  {
    key: 'conversations',
    title: 'Unread conversations',
    empty: 'No unread conversations. New messages from {patients} will show here.',
    more: { to: '/staff/inbox', label: 'Open the inbox' },
  },
  {
    key: 'tasks',
    title: 'Your tasks due today',
    empty: 'Nothing due today or overdue. Tasks assigned to you with a due date show here.',
    more: { to: '/staff/tasks', label: 'See all tasks' },
  },
  { key: 'appointments', title: "Today's appointments", empty: 'No appointments today. Appointments you attend show here, on your clock.' },
  {
    key: 'responses',
    title: 'Forms submitted since yesterday',
    empty: 'No forms submitted since yesterday. Forms {patients} fill in show here as they submit them.',
    more: { to: '/staff/forms/responses', label: 'See all form responses' },
  },
  // Shown only while something waits (loadToday leaves it out otherwise), so its empty text is never read.
  { key: 'calls', title: 'Voicemails not heard yet', empty: 'No voicemails waiting.' },
  {
    key: 'errors',
    title: 'Recent background errors',
    empty: 'No background errors. Automations are running without problems.',
    more: { to: '/staff/errors', label: 'See all errors' },
  },
];

export default function Today() {
  const { today, date, timeZone, many } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2}>
      <Box>
        <Typography level="h2" component="h1">
          Today
        </Typography>
        <Typography level="body-sm" sx={{ color: 'text.secondary' }}>
          {date} · times in {timeZone.replace(/_/g, ' ')}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {TODAY_PANELS.map((panel) => {
          const items = today[panel.key];
          return items ? <TodayList key={panel.key} id={`today-${panel.key}`} title={panel.title} items={items} empty={panel.empty.replace('{patients}', many)} more={panel.more} /> : null;
        })}
      </Box>
    </Stack>
  );
}
