import type { LoaderFunctionArgs } from '@remix-run/node';
import { PRIVACY_POLICY } from '../../components/LegalDocuments';
import { legalMeta, LegalPage } from '../../components/LegalPage';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Public (docs/contract/portal.md#routes, #legal-pages): the same page signed in or out (its loader only sends the page's texts). */
export const meta = legalMeta(PRIVACY_POLICY);

export const loader = async ({ request }: LoaderFunctionArgs) => ({ texts: await screenTexts(request, ['common', 'legal']) });

export default function PrivacyPolicy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
