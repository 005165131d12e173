import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { DescribedCheckbox } from '../DescribedCheckbox';
import { ZoneSelect } from '../scheduling/ZoneSelect';
import { Outcome, SettingsCard } from '../settings/SettingsCard';
import type { OwnProfileState } from './profile.server';

/** The staff member's own name, clock and message emails, and a new password by emailed link. */
export function ProfileCard({ values, email, role, state }: { values: { fname: string; lname: string; timezone: string; emailOnMessage: boolean; autoReply: boolean; hasHours: boolean }; email: string; role: string; state?: OwnProfileState }) {
  const [zone, setZone] = useState(values.timezone);
  const navigation = useNavigation();
  const busyWith = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const profile = state?.intent === 'profile' ? state : undefined;
  const password = state?.intent === 'password' ? state : undefined;
  return (
    <SettingsCard id="you" title="You">
      <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
        {email} · Role: {role}
      </Typography>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="timezone" value={zone} />
        <Stack gap={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormControl error={!!profile?.fieldErrors?.fname}>
              <FormLabel>First name</FormLabel>
              <Input name="fname" defaultValue={values.fname} autoComplete="given-name" />
              {profile?.fieldErrors?.fname && <FormHelperText>{profile.fieldErrors.fname}</FormHelperText>}
            </FormControl>
            <FormControl error={!!profile?.fieldErrors?.lname}>
              <FormLabel>Last name</FormLabel>
              <Input name="lname" defaultValue={values.lname} autoComplete="family-name" />
              {profile?.fieldErrors?.lname && <FormHelperText>{profile.fieldErrors.lname}</FormHelperText>}
            </FormControl>
          </Box>
          <ZoneSelect label="Your time zone" value={zone} onChange={setZone} hint="Times in the staff app are on this clock. Empty: your browser’s." error={profile?.fieldErrors?.timezone} />
          <Typography level="body-sm">Patients and colleagues see your name on the messages you send.</Typography>
          <DescribedCheckbox
            id="email-on-message"
            name="emailOnMessage"
            defaultChecked={values.emailOnMessage}
            label="Email me when a patient writes to me"
            description="The email only says there is a new message, with a link to the inbox; at most one every 10 minutes for a conversation."
          />
          <DescribedCheckbox
            id="auto-reply"
            name="autoReply"
            defaultChecked={values.autoReply}
            label="Reply for me when I am out of the office"
            description="A patient who writes to you outside your working hours or on your day off gets a short reply in their language: you are out of the office and will answer as soon as you can. At most one an hour. Your hours are under Scheduling, Working hours."
          />
          {values.autoReply && !values.hasHours && (
            <Typography level="body-sm" color="warning">
              You have no working hours yet, so no reply goes out: add them under Scheduling, Working hours.
            </Typography>
          )}
          <Button type="submit" loading={busyWith === 'profile'} sx={{ alignSelf: 'flex-start' }}>
            Save your details
          </Button>
          <Outcome saved={profile?.saved} error={profile?.error} />
        </Stack>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="password" />
        <Stack gap={1} sx={{ pt: 1, borderTop: '1px solid', borderColor: 'divider' }}>
          <Typography level="title-sm" component="h3">
            Password
          </Typography>
          <Typography level="body-sm">To change it, we email you a link to choose a new one. Your other sessions end when you do.</Typography>
          <Button type="submit" variant="outlined" loading={busyWith === 'password'} sx={{ alignSelf: 'flex-start' }}>
            Email me a link to change my password
          </Button>
          <Outcome saved={password?.saved} error={password?.error} />
        </Stack>
      </Form>
    </SettingsCard>
  );
}
