import { forwardRef } from 'react';
import JoyButton, { type ButtonProps } from '@mui/joy/Button';
import { nativeDisabled } from './nativeDisabled';

/**
 * Joy's Button, disabled in the server's markup too. Joy learns the element's tag from a ref after
 * the first render and only then sets the native `disabled` attribute, so until the scripts have
 * loaded (or without them) a disabled button could be pressed and submit its form.
 */
const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  return <JoyButton ref={ref} {...props} slotProps={nativeDisabled(props)} />;
});

export default Button as typeof JoyButton;
