import { Form, useActionData, useNavigation } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { DescribedCheckbox } from '../DescribedCheckbox';
import { Outcome, SettingsCard } from '../settings/SettingsCard';
import type { AutoReplyState } from './office-hours.server';

/**
 * Whether a patient who writes outside office hours gets the automatic reply, and what it says; read
 * only for staff who are not Admins. Without office hours no reply goes out, and the card says so.
 */
export function AutoReplyCard({ on, hasHours, canEdit }: { on: boolean; hasHours: boolean; canEdit: boolean }) {
  const answer = useActionData<AutoReplyState>();
  const mine = answer?.form === 'autoreply' ? answer : undefined;
  const busy = useNavigation().formData?.get('intent') === 'autoreply';
  const description =
    'A patient who writes (a chat, a text or an email) outside the office hours below, or on a closed day, gets a short reply in their language: the team is out of the office and will answer as soon as it can. At most one an hour for each patient and channel. A staff member’s own setting, under Your account, comes first for their patients.';
  return (
    <SettingsCard id="autoreply" title="Automatic reply">
      {canEdit ? (
        <Form method="post">
          <input type="hidden" name="intent" value="autoreply" />
          <Stack gap={2}>
            <DescribedCheckbox key={String(on)} id="autoreply-on" name="autoReplyOn" defaultChecked={on} label="Reply to patients who write outside office hours" description={description} />
            <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
              Save automatic reply
            </Button>
            <Outcome saved={mine?.saved} error={mine?.error} />
          </Stack>
        </Form>
      ) : (
        <Typography level="body-md">{on ? 'On: patients who write outside office hours get a short reply saying the team will answer as soon as it can.' : 'Off: patients get no automatic reply.'} Only an Admin can change it.</Typography>
      )}
      {on && !hasHours && <Typography level="body-sm" color="warning">No office hours are set below, so no reply goes out yet: add the hours the clinic is open.</Typography>}
    </SettingsCard>
  );
}
