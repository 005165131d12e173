import { useId, useState } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import { useAddingForm, useSectionForm } from './useSectionForm';
import { VITAL_KINDS, type VitalSet, type VitalsView } from './vitals';
import { WhenFields } from './WhenFields';

/** A visit's vitals: a box for each kind (its unit beside it), when they were taken (now unless told), and a note. */
function VitalsForm() {
  const { fetcher, busy, mine, problem, formRef, formKey, prefix } = useAddingForm('vitals');
  const box = (name: string, label: string, unit?: string) => (
    <FormControl key={name} error={!!(mine && problem(name))}>
      <FormLabel htmlFor={`${prefix}-${name}`}>{label}</FormLabel>
      <Input
        slotProps={{ input: { id: `${prefix}-${name}`, inputMode: 'decimal' } }}
        name={name}
        defaultValue={mine?.values?.[name]}
        endDecorator={unit && <Typography level="body-xs">{unit}</Typography>}
      />
      {mine && problem(name) && <FormHelperText>{problem(name)}</FormHelperText>}
    </FormControl>
  );
  return (
    <fetcher.Form method="post" ref={formRef} key={formKey} noValidate>
      <input type="hidden" name="intent" value="vitals" />
      <Stack component="fieldset" gap={1.5} sx={{ border: 0, m: 0, p: 0, pt: 1 }}>
        <Typography component="legend" level="title-sm" sx={{ mb: 1 }}>
          Record vitals
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'end' }}>
          {VITAL_KINDS.map((kind) => box(kind.key, kind.label, kind.unit))}
        </Box>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <WhenFields prefix={prefix} name="vitals" dayLabel="Taken on (optional)" values={mine?.values} problem={mine ? problem('vitalsDay') : undefined} />
        </Box>
        {box('vitalsNotes', 'Note (optional)')}
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            Record vitals
          </Button>
          <FormNotice state={mine} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

/**
 * A set's buttons: reviewed when the patient recorded it, and entered in error, which asks first in a
 * dialog as deleting a care plan does (without scripts the button marks it at once).
 */
function SetActions({ set, canUpdate }: { set: VitalSet; canUpdate: boolean }) {
  const { fetcher, busy, state } = useSectionForm();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  if (!canUpdate) return null;
  const ids = <input type="hidden" name="ids" value={set.ids.join(',')} />;
  return (
    <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
      {set.fromPatient && !set.reviewed && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="vitals-reviewed" />
          {ids}
          <Button type="submit" size="sm" variant="soft" loading={busy} aria-label={`Mark reviewed: the readings of ${set.when}`}>
            Mark reviewed
          </Button>
        </fetcher.Form>
      )}
      <fetcher.Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      >
        <input type="hidden" name="intent" value="vitals-error" />
        {ids}
        <Button type="submit" size="sm" variant="plain" color="danger" disabled={busy} aria-label={`Entered in error: the readings of ${set.when}`}>
          Entered in error
        </Button>
      </fetcher.Form>
      <Modal open={asking} onClose={() => setAsking(false)}>
        <ModalDialog role="alertdialog" aria-labelledby={questionId} sx={{ maxWidth: 460 }}>
          <DialogTitle id={questionId} component="h2">
            Take the readings of {set.when} off the record?
          </DialogTitle>
          <DialogContent>They stay in the patient’s history marked entered in error, and leave the figures and the timeline.</DialogContent>
          <DialogActions>
            <Button
              color="danger"
              onClick={() => {
                setAsking(false);
                fetcher.submit({ intent: 'vitals-error', ids: set.ids.join(',') }, { method: 'post' });
              }}
            >
              Yes, entered in error
            </Button>
            <Button variant="plain" color="neutral" onClick={() => setAsking(false)}>
              Keep them
            </Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
      {state?.formError && <FormNotice state={state} />}
    </Stack>
  );
}

/**
 * The patient's vital signs (enduser_observations): the newest of each kind at a glance, every set of
 * readings newest first (one taken by the patient marked so, until a colleague reviews it), and a form
 * to record a visit's vitals.
 */
export function VitalsSection({ vitals, canCreate, canUpdate }: { vitals: VitalsView; canCreate: boolean; canUpdate: boolean }) {
  const empty = vitals.sets.length === 0;
  return (
    <RecordSection id="patient-vitals" title="Vital signs" empty={empty && (canCreate ? 'No vital signs yet. Record them below at the next visit.' : 'No vital signs yet.')}>
      {!empty && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1 }}>
          {vitals.latest.map((value) => (
            <Box key={value.label} sx={{ p: 1, borderRadius: 'sm', bgcolor: 'background.level1' }}>
              <Typography component="dt" level="body-xs">
                {value.label}
              </Typography>
              <Typography component="dd" level="title-md" sx={{ m: 0 }}>
                {value.value}
              </Typography>
              <Typography component="dd" level="body-xs" sx={{ m: 0 }}>
                {value.when}
              </Typography>
              {value.change && (
                <Typography component="dd" level="body-xs" sx={{ m: 0, color: 'text.secondary' }}>
                  {value.change}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {!empty && (
        <Box component="details">
          <Typography component="summary" level="body-sm" sx={{ display: 'list-item', cursor: 'pointer', py: 0.5 }}>
            Every reading ({vitals.sets.length} {vitals.sets.length === 1 ? 'time' : 'times'})
          </Typography>
          <Box component="ul" aria-label="Every reading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {vitals.sets.map((set) => (
              <Stack component="li" key={set.ids.join(',')} gap={0.5} sx={{ py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
                <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                  <Typography level="title-sm">{set.when}</Typography>
                  {set.fromPatient && (
                    <Chip size="sm" variant="soft" color={set.reviewed ? 'neutral' : 'warning'}>
                      {set.reviewed ? 'From the patient, reviewed' : 'From the patient'}
                    </Chip>
                  )}
                </Stack>
                <Typography level="body-sm">{set.values.map((value) => `${value.label} ${value.value}`).join(' · ')}</Typography>
                {set.notes && (
                  <Typography level="body-xs" sx={{ overflowWrap: 'anywhere' }}>
                    {set.notes}
                  </Typography>
                )}
                <SetActions set={set} canUpdate={canUpdate} />
              </Stack>
            ))}
          </Box>
        </Box>
      )}
      {canCreate && <VitalsForm />}
    </RecordSection>
  );
}
