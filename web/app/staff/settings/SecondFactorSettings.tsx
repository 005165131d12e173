import { Form, useNavigation } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { DescribedCheckbox } from '../DescribedCheckbox';
import type { OrganizationState } from './organization.server';
import { Outcome, SettingsCard } from './SettingsCard';

/**
 * Whether the organization asks everyone for a code after the password: staff (enforceMFA, always by
 * email) and patients in the portal (enforceEnduserMFA, by email or text). docs/contract/access.md#second-factor.
 */
export function SecondFactorSettings({ values, state }: { values: { staff: boolean; patients: boolean }; state?: OrganizationState }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <SettingsCard
      id="organization-second-factor"
      title="Second factor"
      intro="After the password, a 6-digit code that only lasts 10 minutes. A stolen password alone is then not enough to sign in."
    >
      <Form method="post">
        <input type="hidden" name="intent" value="second-factor" />
        <Stack gap={2}>
          <DescribedCheckbox
            id="enforce-staff"
            name="enforceMFA"
            defaultChecked={values.staff}
            label="Require a second factor for staff"
            description="Every colleague gets the code by email when they sign in with their password. Programs using API keys are not asked."
          />
          <DescribedCheckbox
            id="enforce-patients"
            name="enforceEnduserMFA"
            defaultChecked={values.patients}
            label="Require a second factor for patients"
            description="Patients get the code by text when they prefer texts and have a phone, otherwise by email. They can let their own device be remembered for 30 days."
          />
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Save second factor settings
          </Button>
          <Outcome saved={state?.saved} error={state?.error} />
        </Stack>
      </Form>
    </SettingsCard>
  );
}
