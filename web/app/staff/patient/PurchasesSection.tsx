import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { RecordSection } from '../record/RecordSection';
import type { PurchaseView } from './purchases';

/** What the patient has paid for (purchases: checkouts through Stripe or Square, or recorded by the clinic), newest first. */
export function PurchasesSection({ purchases }: { purchases: PurchaseView[] }) {
  return (
    <RecordSection id="patient-purchases" title="Purchases" empty={purchases.length === 0 && 'No purchases. Payments the patient makes through Stripe or Square show here.'}>
      {purchases.length > 0 && (
        <Box component="ul" aria-label="Purchases" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {purchases.map((purchase) => (
            <Stack component="li" key={purchase.id} direction="row" flexWrap="wrap" justifyContent="space-between" gap={1} sx={{ py: 0.75, borderTop: '1px solid', borderColor: 'divider' }}>
              <Typography level="body-sm" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {purchase.title}
              </Typography>
              <Typography level="body-sm">{[purchase.amount, purchase.processor, purchase.when].filter(Boolean).join(' · ')}</Typography>
            </Stack>
          ))}
        </Box>
      )}
    </RecordSection>
  );
}
