import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/I18nProvider';

/** A new account's password: the registered field, its problem (browser or server), the rules (validation.ts) otherwise. */
export function NewAccountPassword({ field, problem, autoFocus }: { field: UseFormRegisterReturn; problem?: string; autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const { ref, ...rest } = field;
  return (
    <FormControl error={!!problem}>
      <FormLabel>{t('password')}</FormLabel>
      <Input {...rest} type="password" autoComplete="new-password" autoFocus={autoFocus} slotProps={{ input: { ref } }} />
      <FormHelperText>{problem ?? t('passwordHint')}</FormHelperText>
    </FormControl>
  );
}

/**
 * The required agreement to the Terms of Service and Privacy Policy (links open in a new tab). The
 * checkbox posts value="on" (Joy renders value="" otherwise), so a posted form reads like a browser's.
 */
export function TermsAgreement({ field, problem }: { field: UseFormRegisterReturn; problem?: string }) {
  const { t } = useTranslation('auth');
  const { ref, ...rest } = field;
  return (
    <FormControl error={!!problem}>
      <Checkbox
        {...rest}
        value="on"
        slotProps={{ input: { ref } }}
        label={
          <>
            {t('termsAgreeBefore')}
            <Link href="/terms-of-service" target="_blank" rel="noreferrer" sx={{ position: 'relative', zIndex: 1 }}>
              {t('termsOfService')}
            </Link>
            {t('termsAgreeBetween')}
            <Link href="/privacy-policy" target="_blank" rel="noreferrer" sx={{ position: 'relative', zIndex: 1 }}>
              {t('privacyPolicy')}
            </Link>
            {t('termsAgreeAfter')}
          </>
        }
      />
      {problem && <FormHelperText>{problem}</FormHelperText>}
    </FormControl>
  );
}
