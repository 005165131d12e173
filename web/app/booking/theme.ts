import type { CSSProperties } from 'react';
import { paletteFrom } from '../theme';
import { safeColor } from '../organization';

/**
 * The page's colours as Joy's CSS variables on the widget's root, so every Joy component inside
 * takes them (variables resolve where they are declared, so the derived ones are set here too).
 */
export const widgetColorVariables = (primary?: string, secondary?: string, background?: string): CSSProperties => {
  const p = paletteFrom(safeColor(primary));
  const vars: Record<string, string> = {
    '--joy-palette-primary-solidBg': p[500],
    '--joy-palette-primary-solidColor': p.solidColor,
    '--joy-palette-primary-solidHoverBg': p[600],
    '--joy-palette-primary-solidActiveBg': p[700],
    '--joy-palette-primary-plainColor': p[700],
    '--joy-palette-primary-plainHoverBg': p[100],
    '--joy-palette-primary-outlinedColor': p[700],
    '--joy-palette-primary-outlinedBorder': p[300],
    '--joy-palette-primary-outlinedHoverBg': p[100],
    '--joy-palette-primary-softBg': p[100],
    '--joy-palette-primary-softColor': p[800],
    '--joy-palette-primary-500': p[500],
    '--joy-palette-focusVisible': p[500],
    '--booking-secondary': safeColor(secondary, p[700]),
  };
  return { ...(vars as CSSProperties), backgroundColor: background ? safeColor(background, '#ffffff') : undefined };
};
