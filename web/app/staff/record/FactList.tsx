import type { ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';

/** One labelled fact of a record ("Date of birth", "Mar 4, 1980 (45)"). */
export interface HeaderFact {
  label: string;
  value: ReactNode;
}

/**
 * Labelled facts as a description list: one column on a phone, `wideColumns` from a tablet up (a
 * record's header uses three; a section's short list one).
 */
export function FactList({ facts, wideColumns = 1 }: { facts: HeaderFact[]; wideColumns?: 1 | 3 }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: wideColumns === 3 ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } : '1fr' }}
    >
      {facts.map((fact) => (
        <div key={fact.label}>
          <Typography component="dt" level="body-xs" fontWeight="lg">
            {fact.label}
          </Typography>
          <Typography component="dd" level="body-sm" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}
