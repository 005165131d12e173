import { Form, useNavigation } from '@remix-run/react';
import Chip from '@mui/joy/Chip';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ConfirmAction } from '../ConfirmAction';
import { Outcome, SettingsCard } from '../settings/SettingsCard';
import type { OwnSecondFactor, SecondFactorState } from './second-factor.server';
import { RecoveryCodes } from './RecoveryCodes';

/** What the sign-in asks, in one sentence for each case. */
const statusLine = ({ own, enforced, email }: OwnSecondFactor) => {
  if (enforced) return `Your organization asks everyone for it: after your password, we email a 6-digit code to ${email}.`;
  if (own) return `After your password, we email a 6-digit code to ${email}.`;
  return 'You sign in with your password only.';
};

/**
 * The staff member's own second factor: on or off, turning it on (which shows the recovery codes
 * once), new recovery codes, and turning it off unless the organization asks for it.
 */
export function SecondFactorCard({ account, state }: { account: OwnSecondFactor; state?: SecondFactorState }) {
  const busy = useNavigation().state === 'submitting';
  const on = account.own || account.enforced;
  return (
    <SettingsCard
      id="second-factor"
      title="Second factor"
      intro="A code we email you each time you sign in with your password. Someone who learns your password still cannot sign in as you."
    >
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Chip variant="soft" color={on ? 'success' : 'neutral'}>
          {on ? 'On' : 'Off'}
        </Chip>
        <Typography level="body-md">{statusLine(account)}</Typography>
      </Stack>
      {state?.recoveryCodes ? (
        <RecoveryCodes codes={state.recoveryCodes} email={account.email} />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
          <Form method="post">
            <input type="hidden" name="intent" value="turn-on" />
            <Button type="submit" loading={busy} variant={account.own ? 'outlined' : 'solid'} fullWidth>
              {account.own ? 'Get new recovery codes' : account.enforced ? 'Get recovery codes' : 'Turn on the second factor'}
            </Button>
          </Form>
          {account.own && !account.enforced && (
            <ConfirmAction
              opener="Turn off"
              openerName="Turn off the second factor"
              title="Turn off the second factor?"
              consequence="You will sign in with your password only. If you turn it on again, you get new recovery codes."
              confirm="Turn off"
              intent="turn-off"
            />
          )}
        </Stack>
      )}
      {!state?.recoveryCodes && (
        <Typography level="body-sm">
          {account.own
            ? 'Recovery codes sign you in when you cannot reach your email. New codes replace the old ones.'
            : account.enforced
              ? 'Recovery codes sign you in when you cannot reach your email. You see them once, when you get them.'
              : 'When you turn it on, you get ten recovery codes to sign in with if you cannot reach your email. You see them once.'}
        </Typography>
      )}
      <Outcome saved={state?.saved} error={state?.error} />
    </SettingsCard>
  );
}
