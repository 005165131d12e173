import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { RecordSection } from '../record/RecordSection';
import type { ShownPlan, ShownSend } from './live-change.server';

const SHOWN = 100;
const sends = (count: number) => `${count} pending ${count === 1 ? 'send' : 'sends'}`;

function SendList({ label, items, line }: { label: string; items: ShownSend[]; line: (send: ShownSend) => string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={0.5}>
      <Typography level="title-sm" component="h3">
        {label}
      </Typography>
      <List size="sm" aria-label={label} sx={{ '--ListItem-paddingX': 0 }}>
        {items.slice(0, SHOWN).map((send) => (
          <ListItem key={send.key}>{line(send)}</ListItem>
        ))}
      </List>
      {items.length > SHOWN && <Typography level="body-sm">and {items.length - SHOWN} more</Typography>}
    </Stack>
  );
}

/** What the change does (or did) to the patients already in the journey: sends that move, appear or vanish. */
export function StepChangePlan({ plan }: { plan: ShownPlan }) {
  const { moved, appeared, vanished } = plan;
  const nothing = moved.length + appeared.length + vanished.length === 0;
  // "1 pending send moves, 0 appear" before; "1 pending send moved" after.
  const verb = (count: number, [one, many, past]: [string, string, string]) => (plan.applied ? past : count === 1 ? one : many);
  const summary = `${plan.applied ? 'Applied' : 'If you apply it'}: ${sends(moved.length)} ${verb(moved.length, ['moves', 'move', 'moved'])}, ${appeared.length} ${verb(appeared.length, ['appears', 'appear', 'appeared'])}, ${vanished.length} ${verb(vanished.length, ['vanishes', 'vanish', 'vanished'])}.`;
  return (
    <RecordSection id="change-plan" title={plan.applied ? 'Change applied' : 'Preview'}>
      <Typography role="status" level="body-md">
        {summary}
      </Typography>
      <Typography level="body-sm">{plan.stepLabel}</Typography>
      {nothing && <Typography level="body-sm">No patient in the journey is waiting for this step, so nothing they are sent changes.</Typography>}
      <SendList label="Moved" items={moved} line={(send) => `${send.patient}: ${send.from} → ${send.to}`} />
      <SendList label="Appear" items={appeared} line={(send) => `${send.patient}: ${send.to}`} />
      <SendList label="Vanish" items={vanished} line={(send) => `${send.patient}: was ${send.from}`} />
    </RecordSection>
  );
}
