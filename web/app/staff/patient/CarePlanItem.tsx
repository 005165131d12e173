import { useId, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import Box from '@mui/joy/Box';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { PlanFields } from './CarePlanFields';
import type { PatientActionState } from './patient-actions.server';
import { useSectionForm } from './useSectionForm';

export type Plan = { id: string; title: string; description: string };

/** Deletes go through one keyed fetcher, so the section still says what was deleted once the plan is gone. */
export const DELETE_FETCHER = 'care-plan-delete';

/** One plan, and for roles that may, a disclosure to change its title and text or delete it (after a question). */
export function PlanItem({ plan, canEdit, canDelete }: { plan: Plan; canEdit: boolean; canDelete: boolean }) {
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
                  <PlanFields prefix={prefix} labels={{ title: 'Title', description: 'What it says', submit: 'Save care plan' }} plan={plan} titleProblem={titleProblem} busy={busy} state={mine} />
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
