import { PORTAL_LANGUAGES, LANGUAGE_NAMES, type PortalLanguage } from '@carelane/automation';
import { Form, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import type { LanguageState } from '../portal/language-choice.server';
import Button from './Button';
import { FormError } from './AuthScreen';

/**
 * The patient's language on /settings: each language named in itself (a patient who cannot read the
 * page still finds theirs), posted as `language`, which also makes the root answer again in it
 * (root.tsx shouldRevalidate). A native select: it works before scripts load and on every phone.
 */
export function LanguageChooser({ current, state }: { current: PortalLanguage; state?: LanguageState }) {
  const { t } = useTranslation('settings');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'language';
  return (
    <Sheet variant="outlined" component="section" aria-labelledby="language-heading" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 'md', maxWidth: 520 }}>
      <Typography level="title-lg" component="h2" id="language-heading" sx={{ mb: 1.5 }}>
        {t('language')}
      </Typography>
      <Form method="post">
        <Stack gap={2}>
          <input type="hidden" name="intent" value="language" />
          <FormControl>
            {/* Named by the section's heading: one 'Language' on the screen. */}
            <Box
              component="select"
              id="language-select"
              aria-labelledby="language-heading"
              name="language"
              defaultValue={current}
              key={current}
              aria-describedby="language-hint"
              sx={{
                fontFamily: 'body',
                fontSize: 'md',
                minHeight: 40,
                px: 1.5,
                borderRadius: 'sm',
                border: '1px solid',
                borderColor: 'neutral.outlinedBorder',
                bgcolor: 'background.surface',
                color: 'text.primary',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: 2 },
              }}
            >
              {PORTAL_LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </Box>
            <FormHelperText id="language-hint">{t('languageHint')}</FormHelperText>
          </FormControl>
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('saveLanguage')}
          </Button>
          <FormError message={state?.formError} />
          {state?.saved && (
            <Alert color="success" role="status">
              {t('languageSaved')}
            </Alert>
          )}
        </Stack>
      </Form>
    </Sheet>
  );
}
