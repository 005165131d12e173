import { Form, useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import Button from '../components/Button';
import Card from '@mui/joy/Card';
import Checkbox from '@mui/joy/Checkbox';
import Input from '@mui/joy/Input';
import LinearProgress from '@mui/joy/LinearProgress';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Typography from '@mui/joy/Typography';
import { FormError } from '../components/AuthScreen';
import type { BulkAddProgress } from './bulk-add.server';
import type { EnduserLine } from './journey-members.server';
import type { PatientWords } from './patient-list/display-name.server';
import { useQuietRevalidator } from '../components/useQuietRevalidator';
import Box from '@mui/joy/Box';
import { visuallyHidden } from '../components/visually-hidden';

/** The journey's patients (in the organization's word for them) with their state; picked ones can be removed. */
export function JourneyMembers({ members, canChange, words }: { members: EnduserLine[]; canChange: boolean; words: PatientWords }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="journey-members" sx={{ overflowX: 'auto' }}>
      <Typography level="title-lg" component="h2" id="journey-members">
        {words.plural} in this journey
      </Typography>
      {members.length === 0 ? (
        <Typography>No {words.one} is in this journey yet. Add some below.</Typography>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <Table size="sm" aria-label={`${words.plural} in this journey`} sx={{ '& td': { overflowWrap: 'anywhere' }, '& th:first-of-type': { width: 40 } }}>
            <thead>
              <tr>
                <th>
                  <Box component="span" sx={visuallyHidden}>
                    Pick
                  </Box>
                </th>
                <th>Name</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>{canChange && <Checkbox name="enduserId" value={member.id} slotProps={{ input: { 'aria-label': `Pick ${member.name}` } }} />}</td>
                  <td>{member.name}</td>
                  <td>{member.state}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {canChange && (
            <Button type="submit" variant="outlined" color="danger" size="sm" sx={{ mt: 1 }}>
              Remove picked {words.many}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}

/** Search patients, pick several to add, or add everyone the search finds (a job with progress). */
export function AddEndusers({ q, found, words }: { q: string; found: EnduserLine[] | null; words: PatientWords }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="add-endusers" sx={{ overflowX: 'auto' }}>
      <Typography level="title-lg" component="h2" id="add-endusers">
        Add {words.many}
      </Typography>
      <Form method="get" role="search">
        <Stack direction="row" gap={1}>
          <Input name="q" defaultValue={q} placeholder="Name, email or phone" slotProps={{ input: { 'aria-label': `Search ${words.many} to add` } }} sx={{ flexGrow: 1 }} />
          <Button type="submit" variant="outlined">
            Find
          </Button>
        </Stack>
      </Form>
      {found && found.length === 0 && <Typography>No {words.one} found. Try another name, email or phone.</Typography>}
      {found && found.length > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="add" />
          <Table size="sm" aria-label={`${words.plural} found`} sx={{ '& td': { overflowWrap: 'anywhere' }, '& th:first-of-type': { width: 40 } }}>
            <thead>
              <tr>
                <th>
                  <Box component="span" sx={visuallyHidden}>
                    Pick
                  </Box>
                </th>
                <th>Name</th>
                <th>Email</th>
                <th>In journey</th>
              </tr>
            </thead>
            <tbody>
              {found.map((enduser) => (
                <tr key={enduser.id}>
                  <td>{!enduser.state && <Checkbox name="enduserId" value={enduser.id} slotProps={{ input: { 'aria-label': `Pick ${enduser.name}` } }} />}</td>
                  <td>{enduser.name}</td>
                  <td>{enduser.email}</td>
                  <td>{enduser.state ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Button type="submit" size="sm" sx={{ mt: 1 }}>
            Add picked {words.many}
          </Button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="addAll" />
        <input type="hidden" name="q" value={q} />
        <Button type="submit" variant="soft" size="sm">
          {q ? `Add every ${words.one} matching “${q}”` : `Add every ${words.one}`}
        </Button>
      </Form>
    </Card>
  );
}

const POLL_MS = 1000;

/** A bulk add's progress, read from /staff/jobs/<id> every second until it ends; then the page reloads its data. */
export function BulkAddStatus({ jobId, words }: { jobId: string; words: PatientWords }) {
  const fetcher = useFetcher<BulkAddProgress | { message: string }>();
  const revalidator = useQuietRevalidator();
  // A job this server no longer knows (restarted, or finished long ago) is not shown at all.
  const progress = fetcher.data && 'state' in fetcher.data ? fetcher.data : undefined;
  const unknown = fetcher.data !== undefined && progress === undefined;
  const running = !unknown && (!progress || progress.state === 'running');
  useEffect(() => {
    if (unknown) return;
    if (!running) {
      revalidator.revalidate();
      return;
    }
    const timer = setTimeout(() => fetcher.load(`/staff/jobs/${jobId}`), progress ? POLL_MS : 0);
    return () => clearTimeout(timer);
    // fetcher and revalidator change identity on every render; the job's state drives the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, progress, running, unknown]);
  if (unknown) return null;
  const total = progress?.total ?? null;
  const percent = total ? Math.round(((progress?.added ?? 0) / total) * 100) : 0;
  const text = !progress
    ? 'Starting…'
    : progress.state === 'failed'
      ? `Stopped after ${progress.added} ${words.many}`
      : progress.state === 'done'
        ? `Added ${progress.added} ${words.many} to the journey`
        : total === null
          ? `Finding ${words.many}…`
          : `Added ${progress.added} of ${total} ${words.many}`;
  return (
    <Stack gap={1}>
      <LinearProgress determinate value={percent} aria-label="Bulk add progress" />
      <Typography role="status">{text}</Typography>
      <FormError message={progress?.error} />
    </Stack>
  );
}
