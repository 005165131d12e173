import type { LoaderFunctionArgs } from '@remix-run/node';
import { E_SIGNATURE_TERMS } from '../../components/LegalDocuments';
import { legalMeta, LegalPage } from '../../components/LegalPage';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** docs/contract/portal.md#routes: the terms page signature forms link to (in a new tab); public (its loader only sends the page's texts). */
export const meta = legalMeta(E_SIGNATURE_TERMS);

export const loader = async ({ request }: LoaderFunctionArgs) => ({ texts: await screenTexts(request, ['common', 'legal']) });

export default function ESignatureTerms() {
  return <LegalPage document={E_SIGNATURE_TERMS} />;
}
