import { extendTheme } from '@mui/joy/styles';
import { DEFAULT_THEME_COLOR, safeColor } from './organization';

type RGB = [number, number, number];

const toRGB = (hex: string): RGB => {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as RGB;
};

const toHex = (rgb: RGB) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const mix = (from: RGB, to: RGB, amount: number): RGB => from.map((c, i) => c + (to[i] - c) * amount) as RGB;

const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];

/** Relative luminance (WCAG), to pick readable text on the solid colour. */
const luminance = (rgb: RGB) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** A Joy palette scale (50–900) with the organization's colour as 500. */
export const paletteFrom = (color: string) => {
  const base = toRGB(safeColor(color));
  const light = luminance(base) > 0.4;
  const tint = (amount: number) => toHex(mix(base, WHITE, amount));
  const shade = (amount: number) => toHex(mix(base, BLACK, amount));
  // A light colour (yellow, say) is unreadable as text on white: plain and outlined variants then
  // use a darker shade, and solid buttons use black text.
  const readable = light ? { plainColor: 'var(--joy-palette-primary-800)', outlinedColor: 'var(--joy-palette-primary-800)', outlinedBorder: 'var(--joy-palette-primary-500)' } : {};
  return {
    ...readable,
    50: tint(0.92),
    100: tint(0.84),
    200: tint(0.68),
    300: tint(0.5),
    400: tint(0.25),
    500: toHex(base),
    600: shade(0.14),
    700: shade(0.28),
    800: shade(0.42),
    900: shade(0.56),
    solidColor: light ? '#000000' : '#ffffff',
  };
};

/**
 * Built themes by colour. extendTheme is one of the dearest steps of a server render (every document
 * request renders the root anew, so useMemo keeps nothing between requests), and an organization's
 * colour rarely changes: each colour's theme is built once per process and shared (read-only).
 */
const themes = new Map<string, ReturnType<typeof extendTheme>>();

/** The Joy theme of an organization's portal: its theme colour as the primary palette. */
export const portalTheme = (themeColor: string = DEFAULT_THEME_COLOR) => {
  let theme = themes.get(themeColor);
  if (!theme) {
    theme = extendTheme({
      colorSchemes: {
        light: { palette: { primary: paletteFrom(themeColor) } },
      },
    });
    // Colours come from organizations' settings: bounded in practice, never without end.
    if (themes.size >= 500) themes.clear();
    themes.set(themeColor, theme);
  }
  return theme;
};
