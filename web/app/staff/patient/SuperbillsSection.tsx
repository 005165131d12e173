import { useState } from 'react';
import { Link as RemixLink } from '@remix-run/react';
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
import { NativeSelect } from '../NativeSelect';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import type { BillingChoice, SuperbillView } from './superbills.server';
import { useAddingForm } from './useSectionForm';

/** Line rows shown at first (and without scripts); the server reads up to MOST_LINES (superbills.server.ts). */
const FIRST_LINES = 3;
const MOST_LINES = 20;

type Problem = (name: string) => string | undefined;

/** One billed service: what it was, its CPT code, how many, the fee for one. */
function LineRow({ index, prefix, values, problem }: { index: number; prefix: string; values?: Record<string, string>; problem: Problem }) {
  const box = (name: string, label: string, props: { inputMode?: 'decimal' | 'numeric'; placeholder?: string }) => {
    const id = `${prefix}-${name}${index}`;
    const error = problem(`${name}${index}`);
    return (
      <FormControl error={!!error}>
        <FormLabel htmlFor={id}>{label}</FormLabel>
        <Input slotProps={{ input: { id, inputMode: props.inputMode, ...(error ? { 'aria-describedby': `${id}-error` } : {}) } }} name={`${name}${index}`} placeholder={props.placeholder} defaultValue={values?.[`${name}${index}`]} />
        {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
      </FormControl>
    );
  };
  return (
    <Box
      role="group"
      aria-label={`Service ${index + 1}`}
      // On a phone the service takes a line of its own, then code, units and fee side by side.
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 0.7fr) minmax(0, 1fr)', sm: 'minmax(0, 1fr) 7rem 4.5rem 7rem' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
      }}
    >
      {box('label', 'Service', { placeholder: index === 0 ? 'Office visit' : undefined })}
      {box('code', 'CPT code', { placeholder: index === 0 ? '99213' : undefined })}
      {box('quantity', 'Units', { inputMode: 'numeric', placeholder: '1' })}
      {box('fee', 'Fee ($)', { inputMode: 'decimal', placeholder: index === 0 ? '150.00' : undefined })}
    </Box>
  );
}

function NewSuperbillForm({ profiles, day }: { profiles: BillingChoice[]; day: string }) {
  const { fetcher, busy, mine, problem, formRef, formKey, prefix } = useAddingForm('superbill');
  const [rows, setRows] = useState(FIRST_LINES);
  const shownProblem: Problem = (name) => (mine ? problem(name) : undefined);
  return (
    <fetcher.Form method="post" ref={formRef} key={formKey} noValidate aria-label="New superbill">
      <input type="hidden" name="intent" value="superbill" />
      <Stack gap={1.5} sx={{ pt: 1 }}>
        <Typography level="title-sm" component="h3">
          New superbill
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
          <FormControl error={!!shownProblem('superbillDay')}>
            <FormLabel htmlFor={`${prefix}-day`}>Day of the visit</FormLabel>
            <Input slotProps={{ input: { id: `${prefix}-day` } }} type="date" name="superbillDay" defaultValue={mine?.values?.superbillDay ?? day} />
            {shownProblem('superbillDay') && <FormHelperText>{shownProblem('superbillDay')}</FormHelperText>}
          </FormControl>
          <NativeSelect
            id={`${prefix}-profile`}
            label="Billing profile"
            name="billingProfileId"
            options={profiles.map((profile) => profile.id)}
            labelOf={(id) => profiles.find((profile) => profile.id === id)?.label ?? id}
            defaultValue={mine?.values?.billingProfileId}
            help={shownProblem('billingProfileId')}
          />
        </Box>
        <Stack gap={1.5} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" level="body-sm" sx={{ mb: 1 }}>
            Services (a code or a description, and the fee for one)
          </Typography>
          {Array.from({ length: rows }, (_, index) => (
            <LineRow key={index} index={index} prefix={prefix} values={mine?.values} problem={shownProblem} />
          ))}
        </Stack>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          {rows < MOST_LINES && (
            <Button type="button" size="sm" variant="plain" onClick={() => setRows((count) => count + 1)}>
              Add a line
            </Button>
          )}
          <Button type="submit" size="sm" loading={busy}>
            Make superbill
          </Button>
          <FormNotice state={mine} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

/**
 * The patient's superbills: the itemized bill they send their insurer for a visit, each with its
 * practice, services and total, as a PDF to hand over. Staff with the right make one from the
 * practice's billing profiles (Settings > Billing) and the patient's profile.
 */
export function SuperbillsSection({ superbills, profiles, day, canCreate, canDelete }: { superbills: SuperbillView[]; profiles: BillingChoice[]; day: string; canCreate: boolean; canDelete: boolean }) {
  return (
    <RecordSection id="patient-superbills" title="Superbills" empty={superbills.length === 0 && 'No superbills yet. Make one after a visit so the patient can ask their insurer to pay them back.'}>
      {superbills.length > 0 && (
        <Box component="ul" aria-label="Superbills" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {superbills.map((bill) => (
            <Stack component="li" key={bill.id} gap={0.5} sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
              <Stack direction="row" justifyContent="space-between" gap={1} flexWrap="wrap">
                <Typography level="title-sm">
                  Visit of {bill.day} · {bill.total}
                </Typography>
                <Typography level="body-sm">{bill.practice}</Typography>
              </Stack>
              {bill.lines.map((line, index) => (
                <Typography key={index} level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
              <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
                <Link href={`/staff/superbills/${bill.id}.pdf`} download>
                  Download the superbill of {bill.day} (PDF)
                </Link>
                {canDelete && (
                  <ConfirmAction
                    opener="Delete"
                    openerName={`Delete the superbill of ${bill.day}`}
                    title={`Delete the superbill of ${bill.day}?`}
                    consequence="A copy already given to the patient stays with them; this one is removed from the record."
                    confirm="Delete"
                    intent="superbill-delete"
                    fields={{ superbillId: bill.id }}
                  />
                )}
              </Stack>
            </Stack>
          ))}
        </Box>
      )}
      {canCreate &&
        (profiles.length ? (
          <NewSuperbillForm profiles={profiles} day={day} />
        ) : (
          <Typography level="body-sm">
            To make superbills, add your practice&apos;s billing details in{' '}
            <Link component={RemixLink} to="/staff/settings/billing">
              Settings › Billing
            </Link>
            .
          </Typography>
        ))}
    </RecordSection>
  );
}
