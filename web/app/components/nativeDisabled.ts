type ButtonLike = {
  disabled?: boolean;
  loading?: boolean;
  component?: unknown;
  href?: unknown;
  type?: string;
  onClick?: unknown;
  slotProps?: { root?: unknown };
};

/** A native button whose only action is its onClick: it does nothing until the page is hydrated. */
const needsScripts = ({ component, href, type, onClick }: ButtonLike) => Boolean(onClick) && type !== 'submit' && type !== 'reset' && !component && !href;

/**
 * The props that make a Joy button disabled in the server's markup as well as after hydration:
 * Joy sets the native attribute only once a ref has told it the element's tag, so a disabled button
 * could be pressed until the scripts had loaded. A button that only works with scripts (an onClick,
 * not a submit) is disabled until the page is hydrated, so a click before then is not silently lost
 * (browsers, and Playwright, wait for it to be enabled). slotProps.root is set only while disabled:
 * Joy's click handler reads onClick from slotProps.root whenever that is set. Links (component="a",
 * href) keep Joy's aria-disabled.
 */
export const nativeDisabled = <P extends ButtonLike>(props: P, hydrated: boolean): Pick<P, 'disabled' | 'slotProps'> => {
  const disabled = props.disabled || (!hydrated && needsScripts(props));
  if (!(disabled || props.loading) || props.component || props.href || props.slotProps?.root) return { disabled, slotProps: props.slotProps };
  return { disabled, slotProps: { ...props.slotProps, root: { disabled: true } } };
};
