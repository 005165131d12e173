import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import type { PatientActionState } from './patient-actions.server';
import { useSectionForm } from './useSectionForm';

/** A new care plan: a title (one plan per title for a patient) and what it says. */
function CarePlanForm() {
  const { fetcher, busy, state, problem } = useSectionForm();
  const mine = state?.intent === 'care-plan' ? state : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = useId();
  useEffect(() => {
    if (mine?.saved) formRef.current?.reset();
  }, [mine]);
  return (
    <fetcher.Form method="post" ref={formRef} noValidate>
      <input type="hidden" name="intent" value="care-plan" />
      <Stack gap={1.5} sx={{ pt: 1.5 }}>
        <FormControl error={!!(mine && problem('planTitle'))}>
          <FormLabel htmlFor={`${prefix}-title`}>New care plan</FormLabel>
          <Input slotProps={{ input: { id: `${prefix}-title` } }} name="planTitle" placeholder="e.g. Blood pressure plan" />
          {mine && problem('planTitle') && <FormHelperText>{problem('planTitle')}</FormHelperText>}
        </FormControl>
        <FormControl>
          <FormLabel htmlFor={`${prefix}-description`}>What it says (optional)</FormLabel>
          <Textarea slotProps={{ textarea: { id: `${prefix}-description` } }} name="planDescription" minRows={2} />
        </FormControl>
        <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            Add care plan
          </Button>
          <FormNotice state={mine} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

type Plan = { id: string; title: string; description: string };

/** Deletes go through one keyed fetcher, so the section still says what was deleted once the plan is gone. */
const DELETE_FETCHER = 'care-plan-delete';

/** One plan, and for roles that may, a disclosure to change its title and text or delete it (after a question). */
function PlanItem({ plan, canEdit, canDelete }: { plan: Plan; canEdit: boolean; canDelete: boolean }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  const remover = useFetcher<PatientActionState>({ key: DELETE_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const mine = state?.intent === 'care-plan-edit' ? state : undefined;
  const prefix = useId();
  const titleProblem = mine && problem(`planTitle:${plan.id}`);
  return (
    <Box component="li" sx={{ py: 0.75, borderTop: '1px solid', borderColor: 'divider' }}>
      <Typography level="title-sm" component="h3">
        {plan.title}
      </Typography>
      {plan.description && <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap' }}>{plan.description}</Typography>}
      {(canEdit || canDelete) && (
        <Box component="details" sx={{ mt: 0.5, '& > summary': { cursor: 'pointer', color: 'primary.plainColor', fontSize: 'sm' } }}>
          <summary>Change or delete</summary>
          <Stack gap={1.5} sx={{ pt: 1 }}>
            {canEdit && (
              <fetcher.Form method="post" noValidate key={`${plan.title}\u0000${plan.description}`}>
                <input type="hidden" name="intent" value="care-plan-edit" />
                <input type="hidden" name="planId" value={plan.id} />
                <Stack gap={1.5}>
                  <FormControl error={!!titleProblem}>
                    <FormLabel htmlFor={`${prefix}-title`}>Title</FormLabel>
                    <Input slotProps={{ input: { id: `${prefix}-title` } }} name="planTitle" defaultValue={plan.title} />
                    {titleProblem && <FormHelperText>{titleProblem}</FormHelperText>}
                  </FormControl>
                  <FormControl>
                    <FormLabel htmlFor={`${prefix}-description`}>What it says</FormLabel>
                    <Textarea slotProps={{ textarea: { id: `${prefix}-description` } }} name="planDescription" minRows={2} defaultValue={plan.description} />
                  </FormControl>
                  <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
                    <Button type="submit" size="sm" loading={busy}>
                      Save care plan
                    </Button>
                    <FormNotice state={mine} />
                  </Stack>
                </Stack>
              </fetcher.Form>
            )}
            {canDelete && (
              <remover.Form
                method="post"
                onSubmit={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
              >
                <input type="hidden" name="intent" value="care-plan-delete" />
                <input type="hidden" name="planId" value={plan.id} />
                {/* Without scripts the button deletes at once; with them it asks first. */}
                <Button type="submit" size="sm" variant="plain" color="danger" aria-label={`Delete ${plan.title}`}>
                  Delete
                </Button>
                <Modal open={confirming} onClose={() => setConfirming(false)}>
                  <ModalDialog role="alertdialog" aria-labelledby={`${prefix}-confirm`} sx={{ maxWidth: 460 }}>
                    <DialogTitle id={`${prefix}-confirm`} component="h2">
                      Delete {plan.title}?
                    </DialogTitle>
                    <DialogContent>The plan leaves this record and the patient’s portal. Its appointments stay, no longer part of a plan.</DialogContent>
                    <DialogActions>
                      <Button
                        color="danger"
                        onClick={() => {
                          setConfirming(false);
                          remover.submit({ intent: 'care-plan-delete', planId: plan.id }, { method: 'post' });
                        }}
                      >
                        Delete care plan
                      </Button>
                      <Button variant="plain" color="neutral" onClick={() => setConfirming(false)}>
                        Keep it
                      </Button>
                    </DialogActions>
                  </ModalDialog>
                </Modal>
              </remover.Form>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

/** The patient's care plans, by title and description; staff who may create, change or delete them do it here. */
export function CarePlansSection({ plans, canCreate, canEdit, canDelete }: { plans: Plan[]; canCreate: boolean; canEdit: boolean; canDelete: boolean }) {
  const remover = useFetcher<PatientActionState>({ key: DELETE_FETCHER });
  const removed = remover.state === 'idle' && remover.data?.intent === 'care-plan-delete' ? remover.data : undefined;
  return (
    <RecordSection id="patient-care-plans" title="Care plans" empty={plans.length === 0 && (canCreate ? 'No care plan yet. Write one below, or let a journey step add it.' : 'No care plan yet.')}>
      {removed && <FormNotice state={removed} />}
      {plans.length > 0 && (
        <Box component="ul" aria-label="Care plans" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {plans.map((plan) => (
            <PlanItem key={plan.id} plan={plan} canEdit={canEdit} canDelete={canDelete} />
          ))}
        </Box>
      )}
      {canCreate && <CarePlanForm />}
    </RecordSection>
  );
}
