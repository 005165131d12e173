import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import IconButton from '../components/IconButton';
import { Icon } from '../components/icons';
import { WIDGET_FONT, WIDGET_WIDTH } from './texts';
import { widgetColorVariables } from './theme';
import type { BookingPageView } from './types';

/**
 * The widget's frame around every step: the page's font and colours, the back arrow (when the
 * step has one) and the page's title.
 */
export function BookingWidgetFrame({ page, step, onBack, children }: { page: BookingPageView; step: string; onBack?: () => void; children: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <Box
      component="main"
      data-step={step}
      sx={{ width: WIDGET_WIDTH, maxWidth: '100%', mx: 'auto', p: 2, fontFamily: WIDGET_FONT, '& .MuiTypography-root, & .MuiFormHelperText-root, & button, & input, & select, & label, & a': { fontFamily: WIDGET_FONT } }}
      style={widgetColorVariables(page.primaryColor, page.secondaryColor, page.backgroundColor)}
    >
      <Stack direction="row" alignItems="center" gap={1} mb={1}>
        {onBack && (
          <IconButton aria-label={t('back')} size="sm" variant="plain" onClick={onBack}>
            <Icon name="chevronLeft" />
          </IconButton>
        )}
        <Typography level="title-lg" component="p" sx={{ color: 'var(--booking-secondary)' }}>
          {page.title}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}
