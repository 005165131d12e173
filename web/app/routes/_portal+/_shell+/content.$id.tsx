import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Typography from '@mui/joy/Typography';
import { PortalPage } from '../../../components/PortalPage';
import { useTranslation } from '../../../i18n/I18nProvider';
import { ContentView } from '../../../portal/ContentView';
import { contentItem } from '../../../portal/content.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** One content item (docs/contract/portal.md#content): PDF, Video, Article blocks, else its HTML, always sanitized. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['content']);
  const { authToken } = await signedInEnduser(request);
  return { texts, item: await contentItem(authToken, params.id ?? '') };
};

export default function ContentItemPage() {
  const { item } = useLoaderData<typeof loader>();
  const { t } = useTranslation('content');
  if (!item) {
    return (
      <PortalPage>
        <Typography>{t('deleted')}</Typography>
        <Link component={RemixLink} to="/content">
          {t('backToEducation')}
        </Link>
      </PortalPage>
    );
  }
  return (
    <PortalPage>
      <Link component={RemixLink} to="/content" level="body-sm">
        ← {t('education')}
      </Link>
      <ContentView item={item} />
    </PortalPage>
  );
}
