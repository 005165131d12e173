import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import type { CallView } from './calls.server';
import { FormNotice } from './FormNotice';
import { useAddingForm, useSectionForm } from './useSectionForm';
import { WhenFields } from './WhenFields';

/** A call made or taken: which way, what was said, and (for one logged afterwards) when and how long. */
function LogCallForm() {
  const { fetcher, busy, mine, problem, formRef, formKey, prefix } = useAddingForm('call');
  return (
    <fetcher.Form method="post" ref={formRef} key={formKey} noValidate>
      <input type="hidden" name="intent" value="call" />
      <Stack gap={1.5} sx={{ pt: 1 }}>
        <FormControl error={!!(mine && problem('direction'))}>
          <FormLabel id={`${prefix}-direction`}>Log a call</FormLabel>
          <RadioGroup name="direction" orientation="horizontal" aria-labelledby={`${prefix}-direction`} defaultValue={mine?.values?.direction ?? 'outbound'} sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Radio value="outbound" label="I called the patient" />
            <Radio value="inbound" label="The patient called" />
          </RadioGroup>
          {mine && problem('direction') && <FormHelperText>{problem('direction')}</FormHelperText>}
        </FormControl>
        <FormControl error={!!(mine && problem('callNote'))}>
          <FormLabel htmlFor={`${prefix}-note`}>What was said (optional)</FormLabel>
          <Textarea slotProps={{ textarea: { id: `${prefix}-note` } }} name="callNote" minRows={2} placeholder="e.g. No answer, left a message" defaultValue={mine?.values?.callNote} />
          {mine && problem('callNote') && <FormHelperText>{problem('callNote')}</FormHelperText>}
        </FormControl>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <WhenFields prefix={prefix} name="call" dayLabel="On (optional)" values={mine?.values} problem={mine ? problem('callDay') : undefined} />
          <FormControl error={!!(mine && problem('callMinutes'))}>
            <FormLabel htmlFor={`${prefix}-minutes`}>Minutes (optional)</FormLabel>
            <Input slotProps={{ input: { id: `${prefix}-minutes`, inputMode: 'decimal' } }} name="callMinutes" placeholder="e.g. 5" defaultValue={mine?.values?.callMinutes} />
            {mine && problem('callMinutes') && <FormHelperText>{problem('callMinutes')}</FormHelperText>}
          </FormControl>
        </Box>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            Log call
          </Button>
          <FormNotice state={mine} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

function HeardButton({ call }: { call: CallView }) {
  const { fetcher, busy, state } = useSectionForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="call-heard" />
      <input type="hidden" name="callId" value={call.id} />
      <Stack direction="row" gap={1} alignItems="center">
        <Button type="submit" size="sm" variant="soft" loading={busy} aria-label={`Mark heard: ${call.label.toLowerCase()} of ${call.when}`}>
          Mark heard
        </Button>
        {state?.formError && <FormNotice state={state} />}
      </Stack>
    </fetcher.Form>
  );
}

/**
 * The patient's calls (phone_calls): calls both ways and voicemails, newest first, each with who took
 * it and what was said or transcribed; a voicemail nobody has heard is marked until someone does.
 */
export function CallsSection({ calls, phone, canCreate, canUpdate }: { calls: CallView[]; phone?: string; canCreate: boolean; canUpdate: boolean }) {
  return (
    <RecordSection
      id="patient-calls"
      title="Calls"
      // A tel: link: the staff member's phone or softphone dials it; the call is then logged below.
      action={phone ? <Link href={`tel:${phone}`} level="body-sm">{`Call ${phone}`}</Link> : undefined}
      empty={calls.length === 0 && (canCreate ? 'No calls yet. Log one below after you call the patient or they call you.' : 'No calls yet.')}>
      {calls.length > 0 && (
        <Box component="ul" aria-label="Calls" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {calls.map((call) => (
            <Stack component="li" key={call.id} gap={0.5} sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
              <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                <Typography level="title-sm" component="h3">
                  {call.label}
                </Typography>
                <Typography level="body-xs">{call.when}</Typography>
                {call.unread && (
                  <Chip size="sm" variant="soft" color="warning">
                    Not heard yet
                  </Chip>
                )}
              </Stack>
              {call.facts && <Typography level="body-xs">{call.facts}</Typography>}
              {call.note && (
                <Typography level="body-sm" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {call.note}
                </Typography>
              )}
              {call.transcription && (
                <Typography level="body-sm" sx={{ fontStyle: 'italic', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  “{call.transcription}”
                </Typography>
              )}
              {call.unread && canUpdate && <HeardButton call={call} />}
            </Stack>
          ))}
        </Box>
      )}
      {canCreate && <LogCallForm />}
    </RecordSection>
  );
}
