import Box from '@mui/joy/Box';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * A native select in the look of Joy's inputs (its border, surface and text colours from the theme):
 * it works before scripts run and with every screen reader, and every staff menu that is a native
 * select draws it, so they look alike. `fullWidth` fills its column (the builders' narrow rows);
 * otherwise it is as wide as its longest choice, never wider than its box.
 */
export function SelectBox({ fullWidth, ...props }: ComponentPropsWithoutRef<'select'> & { fullWidth?: boolean }) {
  return (
    <Box
      component="select"
      {...(props as object)}
      sx={{
        minHeight: 36,
        maxWidth: '100%',
        width: fullWidth ? '100%' : undefined,
        px: 1,
        borderRadius: 'sm',
        border: '1px solid',
        borderColor: 'neutral.outlinedBorder',
        bgcolor: 'background.surface',
        color: 'text.primary',
        font: 'inherit',
        '&:disabled': { color: 'text.tertiary', bgcolor: 'background.level1' },
      }}
    />
  );
}
