import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The rules of a new account's password (validation.ts), shown until the field has a problem of its own. */
export const PASSWORD_HINT = 'At least 8 characters, with a lowercase letter, an uppercase letter, and a number or special character.';

/** A new account's password: the registered field, its problem (browser or server), the hint otherwise. */
export function NewAccountPassword({ field, problem, autoFocus }: { field: UseFormRegisterReturn; problem?: string; autoFocus?: boolean }) {
  const { ref, ...rest } = field;
  return (
    <FormControl error={!!problem}>
      <FormLabel>Password</FormLabel>
      <Input {...rest} type="password" autoComplete="new-password" autoFocus={autoFocus} slotProps={{ input: { ref } }} />
      <FormHelperText>{problem ?? PASSWORD_HINT}</FormHelperText>
    </FormControl>
  );
}

/**
 * The required agreement to the Terms of Service and Privacy Policy (links open in a new tab). The
 * checkbox posts value="on" (Joy renders value="" otherwise), so a posted form reads like a browser's.
 */
export function TermsAgreement({ field, problem }: { field: UseFormRegisterReturn; problem?: string }) {
  const { ref, ...rest } = field;
  return (
    <FormControl error={!!problem}>
      <Checkbox
        {...rest}
        value="on"
        slotProps={{ input: { ref } }}
        label={
          <>
            I agree to the{' '}
            <Link href="/terms-of-service" target="_blank" rel="noreferrer" sx={{ position: 'relative', zIndex: 1 }}>
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link href="/privacy-policy" target="_blank" rel="noreferrer" sx={{ position: 'relative', zIndex: 1 }}>
              Privacy Policy
            </Link>
          </>
        }
      />
      {problem && <FormHelperText>{problem}</FormHelperText>}
    </FormControl>
  );
}
