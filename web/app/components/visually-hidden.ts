/**
 * Keeps an element for screen readers while drawing nothing (the usual clip pattern). Plain CSS
 * properties, so it serves as a `style` and as Joy's `sx` alike.
 */
export const visuallyHidden = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;
