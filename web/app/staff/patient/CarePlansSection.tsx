import { useFetcher } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import { RecordSection } from '../record/RecordSection';
import { PlanFields } from './CarePlanFields';
import { DELETE_FETCHER, PlanItem, type Plan } from './CarePlanItem';
import { FormNotice } from './FormNotice';
import type { PatientActionState } from './patient-actions.server';
import { useAddingForm } from './useSectionForm';

/** A new care plan: a title (one plan per title for a patient) and what it says. */
function CarePlanForm() {
  const { fetcher, busy, mine, problem, formRef, formKey, prefix } = useAddingForm('care-plan');
  return (
    <fetcher.Form method="post" ref={formRef} key={formKey} noValidate>
      <input type="hidden" name="intent" value="care-plan" />
      <Stack gap={1.5} sx={{ pt: 1.5 }}>
        <PlanFields
          prefix={prefix}
          labels={{ title: 'New care plan', description: 'What it says (optional)', submit: 'Add care plan' }}
          titleProblem={mine ? problem('planTitle') : undefined}
          busy={busy}
          state={mine}
        />
      </Stack>
    </fetcher.Form>
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
