import type { MetaFunction } from '@remix-run/node';
import { Link as RemixLink } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Alert from '@mui/joy/Alert';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { useLanguage, useLocale } from '../i18n/useLanguage';
import { formatDate } from '../portal/format';
import type { loader as rootLoader } from '../root';
import type { LegalDocument } from './LegalDocuments';
import { OrganizationLogo } from './OrganizationLogo';
import { useOrganization } from './useOrganization';

/** The page title: the document's title and the organization's name. */
export const legalMeta =
  (document: LegalDocument): MetaFunction<unknown, { root: typeof rootLoader }> =>
  ({ matches }) => {
    const organization = matches.find((match) => match?.id === 'root')?.data?.organization;
    return [{ title: organization ? `${document.title} | ${organization.name}` : document.title }];
  };

/**
 * A public legal page (docs/contract/portal.md#legal-pages): the organization's logo, the title, the date it was last
 * updated and the download-as-PDF link (when the document has them), then the text. The document is
 * in English whatever the page's language (issue #38): a visitor reading another language is told
 * so in theirs, and the document is marked English (lang="en") for screen readers and translators.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const organization = useOrganization();
  const language = useLanguage();
  const { t } = useTranslation(['common', 'legal']);
  const english = language === 'en';
  const locale = useLocale();
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
      <Sheet variant="outlined" sx={{ width: '100%', maxWidth: 760, p: { xs: 3, sm: 5 }, borderRadius: 'md' }}>
        <Box sx={{ mb: 1.5 }}>
          <OrganizationLogo organization={organization} />
        </Box>
        {!english && (
          <Alert color="neutral" variant="soft" sx={{ mb: 2 }}>
            {t('legalEnglishOnly')}
          </Alert>
        )}
        <Stack gap={1.5} component="article" lang={english ? undefined : 'en'}>
          <Typography level="h2" component="h1">
            {document.title}
          </Typography>
          {(document.lastUpdated || document.pdfPath) && (
            <Stack direction="row" gap={2} flexWrap="wrap" alignItems="baseline">
              {document.lastUpdated && (
                <Typography level="body-sm" textColor="text.tertiary" lang={english ? undefined : language}>
                  {t('lastUpdated', { ns: 'legal', date: document.lastUpdatedOn ? formatDate(document.lastUpdatedOn, 'UTC', locale) : document.lastUpdated })}
                </Typography>
              )}
              {document.pdfPath && (
                <Link href={document.pdfPath} download={document.pdfFileName} level="body-sm" lang={english ? undefined : language}>
                  {t('downloadPdf', { ns: 'legal' })}
                </Link>
              )}
            </Stack>
          )}
          {document.intro.map((paragraph) => (
            <Typography key={paragraph} level="body-md">
              {paragraph}
            </Typography>
          ))}
          {document.sections.map((section) => (
            <Stack key={section.heading} gap={1} component="section" sx={{ mt: 1.5 }}>
              <Typography level="title-lg" component="h2">
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} level="body-md">
                  {paragraph}
                </Typography>
              ))}
            </Stack>
          ))}
        </Stack>
        <Link component={RemixLink} to="/" level="body-sm" sx={{ mt: 3, display: 'inline-block' }}>
          {t('backToPortal', { ns: 'legal' })}
        </Link>
      </Sheet>
    </Box>
  );
}
