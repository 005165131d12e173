import { useEffect, useRef } from 'react';
import { Form, Link as RemixLink, useNavigation } from '@remix-run/react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { ConfirmAction } from '../ConfirmAction';
import { Outcome, SettingsCard } from '../settings/SettingsCard';
import { BILLING_FIELDS, type BillingValues } from './billing-profile-values';
import type { BillingProfile, BillingState } from './billing-profiles.server';

const addressLine = (values: BillingValues) => [values.lineOne, values.lineTwo, values.city, [values.state, values.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The profile's boxes, filled with what is stored (or what was just posted, when it needs fixing). */
function ProfileForm({ profile, state }: { profile?: BillingProfile; state?: BillingState }) {
  const busy = useNavigation().state === 'submitting';
  const mine = state?.intent === 'save' && state.profileId === profile?.id;
  const formRef = useRef<HTMLFormElement>(null);
  // A profile just added empties the form for the next one.
  useEffect(() => {
    if (mine && state.saved && !profile) formRef.current?.reset();
  }, [mine, state, profile]);
  const shown = (mine && state.values) || profile?.values;
  const problem = (name: keyof BillingValues) => (mine ? state.fieldErrors?.[name] : undefined);
  const prefix = profile ? `billing-${profile.id}` : 'billing-new';
  return (
    <Form method="post" ref={formRef} noValidate aria-label={profile ? `Edit ${profile.label}` : 'New billing profile'}>
      <input type="hidden" name="intent" value="save" />
      {profile && <input type="hidden" name="profileId" value={profile.id} />}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {BILLING_FIELDS.map((field) => (
          <FormControl key={field.name} required={field.required} error={!!problem(field.name)}>
            <FormLabel htmlFor={`${prefix}-${field.name}`}>{field.label}</FormLabel>
            <Input
              slotProps={{ input: { id: `${prefix}-${field.name}`, ...('hint' in field || problem(field.name) ? { 'aria-describedby': `${prefix}-${field.name}-help` } : {}) } }}
              name={field.name}
              type={field.name === 'email' ? 'email' : field.name === 'phone' ? 'tel' : 'text'}
              defaultValue={shown?.[field.name] ?? ''}
            />
            {(problem(field.name) || 'hint' in field) && <FormHelperText id={`${prefix}-${field.name}-help`}>{problem(field.name) ?? ('hint' in field ? field.hint : '')}</FormHelperText>}
          </FormControl>
        ))}
      </Box>
      <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap" sx={{ mt: 2 }}>
        <Button type="submit" loading={busy}>
          {profile ? 'Save billing profile' : 'Add billing profile'}
        </Button>
        {profile && (
          <Link component={RemixLink} to="." replace>
            Cancel
          </Link>
        )}
        {mine && <Outcome saved={state.saved} error={state.formError} />}
      </Stack>
    </Form>
  );
}

/**
 * Settings > Billing: the practice and provider details superbills print (superbill_providers). A
 * superbill copies them when it is made, so editing one here changes the bills made afterwards only.
 */
export function BillingProfiles({ profiles, editing, state }: { profiles: BillingProfile[]; editing?: BillingProfile; state?: BillingState }) {
  // A removal answers under the list; a save answers under its own form.
  const removal = state?.intent === 'delete' ? state : undefined;
  return (
    <Stack gap={2}>
      <SettingsCard
        id="billing-profiles"
        title="Billing profiles"
        intro="The practice and provider details printed on superbills: the itemized bill a patient sends their insurer to be paid back for a visit. Superbills already made keep the details they were made with."
      >
        {profiles.length === 0 ? (
          <Typography level="body-md">No billing profile yet. Add your practice&apos;s details below, then make superbills from a patient&apos;s record.</Typography>
        ) : (
          <Box component="ul" aria-label="Billing profiles" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {profiles.map((profile) => (
              <Stack component="li" key={profile.id} direction={{ xs: 'column', sm: 'row' }} gap={1} justifyContent="space-between" sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography level="title-sm">{profile.label}</Typography>
                  <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
                    {[addressLine(profile.values), profile.values.providerNPI && `NPI ${profile.values.providerNPI}`].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Stack direction="row" gap={1} alignItems="center">
                  <Button component={RemixLink} to={`?edit=${profile.id}`} variant="outlined" color="neutral" aria-label={`Edit ${profile.label}`}>
                    Edit
                  </Button>
                  <ConfirmAction
                    opener="Remove"
                    openerName={`Remove ${profile.label}`}
                    title={`Remove ${profile.label}?`}
                    consequence="New superbills can no longer use it. Superbills already made keep its details."
                    confirm="Remove"
                    intent="delete"
                    fields={{ profileId: profile.id }}
                  />
                </Stack>
              </Stack>
            ))}
          </Box>
        )}
        {removal && <Outcome saved={removal.saved} error={removal.formError} />}
      </SettingsCard>
      <SettingsCard id="billing-profile-form" title={editing ? `Edit ${editing.label}` : 'Add a billing profile'}>
        <ProfileForm key={editing?.id ?? 'new'} profile={editing} state={state} />
      </SettingsCard>
    </Stack>
  );
}
