import { forwardRef } from 'react';
import JoyIconButton, { type IconButtonProps } from '@mui/joy/IconButton';
import { nativeDisabled } from './nativeDisabled';
import { useHydrated } from './useHydrated';

/** Joy's IconButton, disabled in the server's markup too, and until hydration when it only works with scripts (see nativeDisabled). */
const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(props, ref) {
  return <JoyIconButton ref={ref} {...props} {...nativeDisabled(props, useHydrated())} />;
});

export default IconButton as typeof JoyIconButton;
