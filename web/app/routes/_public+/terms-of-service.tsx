import { TERMS_OF_SERVICE } from '../../components/LegalDocuments';
import { legalMeta, LegalPage } from '../../components/LegalPage';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Public (docs/contract/portal.md#routes, #legal-pages): the same page signed in or out, so there is no loader of its own. */
export const meta = legalMeta(TERMS_OF_SERVICE);

export default function TermsOfService() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
