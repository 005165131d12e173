import { Link as RemixLink } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { TimelineList, type TimelineItem } from '../record/TimelineList';
import { retriedStatusLabel, RetryStepButton } from '../RetryStepButton';
import type { PatientEntry } from './record-timeline.server';
import { entryLabel, PATIENT_FILTERS, statusOf } from './timeline-items';
import { useSectionForm } from './useSectionForm';
import { visuallyHidden } from '../../components/visually-hidden';

export type ShownEntry = PatientEntry & { when: string; iso?: string };

function CancelStep({ actionId, name }: { actionId: string; name: string }) {
  const { fetcher, busy } = useSectionForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="actionId" value={actionId} />
      <Button type="submit" size="sm" variant="outlined" color="danger" loading={busy} aria-label={`Cancel ${name}`}>
        Cancel
      </Button>
    </fetcher.Form>
  );
}

/** A journey step's links and buttons: its run in Temporal, Retry when it failed, Cancel while it waits. */
function StepControls({ entry, canChange }: { entry: ShownEntry; canChange: boolean }) {
  const name = `${entry.summary} of ${entry.journey}`;
  return (
    <>
      {entry.workflowUrl && (
        <Link href={entry.workflowUrl} target="_blank" rel="noreferrer" level="body-sm">
          Run<span style={visuallyHidden}> of {name} in Temporal</span>
        </Link>
      )}
      {canChange && entry.status === 'error' && entry.retryable && entry.actionId && <RetryStepButton actionId={entry.actionId} label={name} />}
      {canChange && entry.status === 'active' && entry.actionId && <CancelStep actionId={entry.actionId} name={name} />}
    </>
  );
}

function FormLinks({ entry, enduserId }: { entry: ShownEntry; enduserId: string }) {
  // A note staff started here and left: they go on with it (the draft is kept).
  if (!entry.submitted && entry.fillCode)
    return (
      <Link component={RemixLink} to={`/staff/patients/${enduserId}/fill/${encodeURIComponent(entry.fillCode)}`} level="body-sm">
        Continue filling in<span style={visuallyHidden}> {entry.summary}</span>
      </Link>
    );
  if (!entry.submitted || !entry.responseId) return <Chip size="sm" variant="soft" color="warning">awaiting answers</Chip>;
  const base = `/staff/patients/${enduserId}/responses/${entry.responseId}`;
  return (
    <Stack direction="row" gap={1.5} flexWrap="wrap">
      <Link component={RemixLink} to={base} level="body-sm">
        Read<span style={visuallyHidden}> {entry.summary}</span>
      </Link>
      <Link href={`${base}.pdf`} download level="body-sm">
        PDF<span style={visuallyHidden}> of {entry.summary}</span>
      </Link>
    </Stack>
  );
}

const itemOf = (entry: ShownEntry, enduserId: string, canChange: boolean): TimelineItem => ({
  key: entry.key,
  kind: entry.kind,
  when: entry.when,
  iso: entry.iso,
  label: entryLabel(entry),
  title: entry.kind === 'Journey step' ? `${entry.journey}: ${entry.summary}` : entry.summary,
  detail: (entry.detail || entry.error) && (
    <>
      {entry.detail && (
        <Typography level="body-xs" component="p" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {entry.detail}
        </Typography>
      )}
      {entry.error && (
        <Typography level="body-xs" color="danger" component="p">
          {entry.error}
        </Typography>
      )}
    </>
  ),
  status: statusOf(entry.status, retriedStatusLabel(entry.status, entry.retries)),
  controls: entry.kind === 'Journey step' ? <StepControls entry={entry} canChange={canChange} /> : entry.kind === 'Form' ? <FormLinks entry={entry} enduserId={enduserId} /> : undefined,
});

/** Everything that happened with the patient and every journey step still to come, on one list with filters. */
export function PatientTimeline({ entries, enduserId, canChangeSteps, live }: { entries: ShownEntry[]; enduserId: string; canChangeSteps: boolean; live: boolean }) {
  return (
    <RecordSection
      id="patient-timeline"
      title="Timeline"
      action={
        <Chip size="sm" variant="outlined" color={live ? 'success' : 'neutral'} data-live={live ? 'on' : 'off'}>
          {live ? 'Live' : 'Not live'}
        </Chip>
      }
    >
      <TimelineList
        label="Timeline"
        items={entries.map((entry) => itemOf(entry, enduserId, canChangeSteps))}
        filters={PATIENT_FILTERS}
        empty="Nothing yet. Send a message or a form, or add the patient to a journey, and it shows here."
      />
    </RecordSection>
  );
}
