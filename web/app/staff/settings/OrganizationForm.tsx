import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import { LANGUAGE_NAMES, PORTAL_LANGUAGES, type PortalLanguage } from '@carelane/automation';
import Button from '../../components/Button';
import { NativeSelect } from '../NativeSelect';
import { ZoneSelect } from '../scheduling/ZoneSelect';
import type { OrganizationState } from './organization.server';
import { Outcome } from './SettingsCard';

interface Values {
  name: string;
  timezone: string;
  enduserDisplayName: string;
  quietHours: boolean;
  defaultLanguage: PortalLanguage | '';
}

/** Unset: the patient's browser decides (after their own choice), as the portal chooses (automation/src/languages). */
const LANGUAGE_CHOICES = ['', ...PORTAL_LANGUAGES] as const;
const languageLabel = (option: string) => (option === '' ? 'Each patient’s browser language' : LANGUAGE_NAMES[option as PortalLanguage]);

/** The organization's own settings: its name, clock, what it calls its patients, the portal's language, and quiet hours. */
export function OrganizationForm({ values, state }: { values: Values; state?: OrganizationState }) {
  const [zone, setZone] = useState(values.timezone);
  const busy = useNavigation().state === 'submitting';
  const problem = state?.fieldErrors;
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="organization" />
      <input type="hidden" name="timezone" value={zone} />
      <Stack gap={2}>
        <FormControl error={!!problem?.name}>
          <FormLabel>Name</FormLabel>
          <Input name="name" defaultValue={values.name} />
          {problem?.name && <FormHelperText>{problem.name}</FormHelperText>}
        </FormControl>
        <ZoneSelect label="Time zone" value={zone} onChange={setZone} hint="The clock for reminders and working hours when a patient or colleague has none of their own." error={problem?.timezone} />
        <FormControl error={!!problem?.enduserDisplayName}>
          <FormLabel>What you call your patients</FormLabel>
          <Input name="enduserDisplayName" defaultValue={values.enduserDisplayName} placeholder="Patients" />
          <FormHelperText>{problem?.enduserDisplayName ?? 'For example Clients or Members; shown across the staff app.'}</FormHelperText>
        </FormControl>
        <NativeSelect
          id="default-language"
          label="Portal language for patients"
          name="defaultLanguage"
          options={LANGUAGE_CHOICES}
          defaultValue={values.defaultLanguage}
          labelOf={languageLabel}
          langOf={(option) => (option && option !== 'en' ? option : undefined)}
          help={problem?.defaultLanguage ?? 'Used until a patient picks their own language in the portal’s settings.'}
        />
        <Checkbox
          name="quietHours"
          defaultChecked={values.quietHours}
          label="Quiet hours: journey emails and texts due between 9 PM and 8 AM on the patient’s clock wait until 8 AM"
        />
        <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
          Save organization
        </Button>
        <Outcome saved={state?.saved} error={state?.error} />
      </Stack>
    </Form>
  );
}
