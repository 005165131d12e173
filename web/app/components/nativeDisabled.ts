type ButtonLike = { disabled?: boolean; loading?: boolean; component?: unknown; href?: unknown; slotProps?: { root?: unknown } };

/**
 * The slot props that put `disabled` on a disabled native button from the first render. Only then:
 * Joy's click handler reads onClick from slotProps.root whenever that is set, and a disabled button
 * has no click to lose. Links (component="a", href) keep Joy's aria-disabled.
 */
export const nativeDisabled = <P extends ButtonLike>({ disabled, loading, component, href, slotProps }: P): P['slotProps'] => {
  if (!(disabled || loading) || component || href || slotProps?.root) return slotProps;
  return { ...slotProps, root: { disabled: true } };
};
