/** A native select styled like Joy's inputs: it keeps forms usable before hydration and reads well to screen readers. */
export const selectStyle = { minHeight: 36, padding: '4px 8px', borderRadius: 6, border: '1px solid #a0aab4', font: 'inherit', background: '#fff', maxWidth: '100%', width: '100%' };
