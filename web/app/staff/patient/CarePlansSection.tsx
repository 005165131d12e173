import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { RecordSection } from '../record/RecordSection';

/** The patient's care plans (what their portal's Care Plan tab shows them), by title and description. */
export function CarePlansSection({ plans }: { plans: { id: string; title: string; description: string }[] }) {
  return (
    <RecordSection id="patient-care-plans" title="Care plans" empty={plans.length === 0 && 'No care plan yet. A journey step or the api can create one.'}>
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
    </RecordSection>
  );
}
