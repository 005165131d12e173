import Chip from '@mui/joy/Chip';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import type { OutboxLine } from './outbox.server';
import { useSectionForm } from './useSectionForm';

const STATUS: Record<OutboxLine['status'], { label: string; color: 'primary' | 'neutral' | 'warning' }> = {
  pending: { label: 'Pending', color: 'primary' },
  cancelled: { label: 'Cancelled', color: 'neutral' },
  voided: { label: 'Voided', color: 'warning' },
};

function CancelSend({ line }: { line: OutboxLine }) {
  const { fetcher, busy, state } = useSectionForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel-send" />
      <input type="hidden" name="entryId" value={line.entryId} />
      <Button type="submit" size="sm" variant="outlined" color="danger" loading={busy} aria-label={`Cancel ${line.channel.toLowerCase()} at ${line.when}: ${line.cause}`}>
        Cancel
      </Button>
      {state?.intent === 'cancel-send' && state.formError && <FormNotice state={state} />}
    </fetcher.Form>
  );
}

function OutboxItem({ line, canCancel }: { line: OutboxLine; canCancel: boolean }) {
  const status = STATUS[line.status];
  return (
    <ListItem sx={{ display: 'block', py: 1, borderBottom: '1px solid', borderColor: 'divider' }} data-status={line.status}>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1} flexWrap="wrap">
        <Stack gap={0.25} sx={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Typography level="title-sm" component="p">
            <time dateTime={line.iso}>{line.when}</time> · {line.channel}
          </Typography>
          <Typography level="body-sm" component="p" sx={{ overflowWrap: 'anywhere', textDecoration: line.status === 'pending' ? undefined : 'line-through' }}>
            {line.cause}
          </Typography>
          {line.reason && (
            <Typography level="body-xs" component="p" color="warning">
              {line.reason}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" alignItems="center" gap={1}>
          <Chip size="sm" variant="soft" color={status.color}>
            {status.label}
          </Chip>
          {canCancel && line.status === 'pending' && <CancelSend line={line} />}
        </Stack>
      </Stack>
    </ListItem>
  );
}

/**
 * The patient's outbox: every send still to go out to them (journey steps, appointment reminders,
 * messages scheduled by staff) with its time on the viewer's clock, channel and cause, each with a
 * Cancel; a send whose cause went away stays listed as voided with the reason.
 */
export function OutboxSection({ lines, canCancel }: { lines: OutboxLine[]; canCancel: boolean }) {
  return (
    <RecordSection id="patient-outbox" title="Outbox" empty={lines.length === 0 && 'Nothing is waiting to be sent. Messages scheduled for later, journey steps and appointment reminders show here.'}>
      {lines.length > 0 && (
        <List aria-labelledby="patient-outbox" sx={{ '--ListItem-paddingX': 0 }}>
          {lines.map((line) => (
            <OutboxItem key={line.entryId} line={line} canCancel={canCancel} />
          ))}
        </List>
      )}
    </RecordSection>
  );
}
