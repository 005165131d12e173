import { forwardRef } from 'react';
import JoyIconButton, { type IconButtonProps } from '@mui/joy/IconButton';
import { nativeDisabled } from './nativeDisabled';

/** Joy's IconButton, disabled in the server's markup too (see Button). */
const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(props, ref) {
  return <JoyIconButton ref={ref} {...props} slotProps={nativeDisabled(props)} />;
});

export default IconButton as typeof JoyIconButton;
