import { useEffect, useId, useRef } from 'react';
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

/** The patient's care plans, by title and description; staff who may create them add one here. */
export function CarePlansSection({ plans, canCreate }: { plans: { id: string; title: string; description: string }[]; canCreate: boolean }) {
  return (
    <RecordSection id="patient-care-plans" title="Care plans" empty={plans.length === 0 && (canCreate ? 'No care plan yet. Write one below, or let a journey step add it.' : 'No care plan yet.')}>
      {plans.length > 0 && (
        <Box component="ul" aria-label="Care plans" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {plans.map((plan) => (
            <Box component="li" key={plan.id} sx={{ py: 0.75, borderTop: '1px solid', borderColor: 'divider' }}>
              <Typography level="title-sm" component="h3">
                {plan.title}
              </Typography>
              {plan.description && <Typography level="body-sm">{plan.description}</Typography>}
            </Box>
          ))}
        </Box>
      )}
      {canCreate && <CarePlanForm />}
    </RecordSection>
  );
}
