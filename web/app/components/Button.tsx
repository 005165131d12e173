import { forwardRef } from 'react';
import JoyButton, { type ButtonProps } from '@mui/joy/Button';
import { nativeDisabled } from './nativeDisabled';
import { useHydrated } from './useHydrated';

/** Joy's Button, disabled in the server's markup too, and until hydration when it only works with scripts (see nativeDisabled). */
const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  return <JoyButton ref={ref} {...props} {...nativeDisabled(props, useHydrated())} />;
});

export default Button as typeof JoyButton;
