import { Form, useNavigation } from '@remix-run/react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { OrganizationState } from './organization-state';
import { Outcome, SettingsCard } from './SettingsCard';
import type { TextingValues } from './texting.server';

const REPLIES = [
  { name: 'helpText', label: 'Reply to HELP', ours: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.' },
  { name: 'optOutText', label: 'Reply to STOP', ours: 'You are unsubscribed and will receive no more texts from us. Reply START to resubscribe.' },
  { name: 'optInText', label: 'Reply to START', ours: 'You are resubscribed to texts. Reply STOP to unsubscribe.' },
] as const;

/**
 * The organization's texting numbers (patients' texts to them land in this organization's inbox) and
 * its own answers to carriers' keywords (README "Two-way messages"). Empty replies use ours, in each
 * patient's language and starting with the organization's name.
 */
export function TextingSettings({ values, state }: { values: TextingValues; state?: OrganizationState }) {
  const busy = useNavigation().state === 'submitting';
  const problem = state?.textingErrors;
  return (
    <SettingsCard
      id="organization-texting"
      title="Text messages"
      intro="Your Twilio numbers: texts patients send to them arrive in this organization’s inbox. Each number can belong to one organization only."
    >
      {/* Keyed by what is saved: after a save the boxes show the numbers as stored (+14155550100). */}
      <Form method="post" noValidate key={Object.values(values).join('\u0000')}>
        <input type="hidden" name="intent" value="texting" />
        <Stack gap={2}>
          <FormControl error={!!problem?.phoneNumbers}>
            <FormLabel>Texting numbers</FormLabel>
            <Textarea name="phoneNumbers" minRows={2} defaultValue={values.phoneNumbers} placeholder="+1 415 555 0100" slotProps={{ textarea: { 'aria-describedby': 'texting-numbers-help' } }} />
            <FormHelperText id="texting-numbers-help">{problem?.phoneNumbers ?? 'One a line, with the area code. Leave empty if you do not take texts.'}</FormHelperText>
          </FormControl>
          <Typography level="body-sm">
            Patients can text HELP, STOP or START at any time. Write your own replies, or leave a box empty to send ours in the patient’s language, starting with your
            organization’s name.
          </Typography>
          {REPLIES.map((reply) => (
            <FormControl key={reply.name} error={!!problem?.replies}>
              <FormLabel>{reply.label}</FormLabel>
              <Textarea name={reply.name} minRows={2} defaultValue={values[reply.name]} placeholder={reply.ours} />
            </FormControl>
          ))}
          {problem?.replies && (
            <Typography level="body-sm" color="danger" role="alert">
              {problem.replies}
            </Typography>
          )}
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Save text message settings
          </Button>
          <Outcome saved={state?.saved} error={state?.error} />
        </Stack>
      </Form>
    </SettingsCard>
  );
}
