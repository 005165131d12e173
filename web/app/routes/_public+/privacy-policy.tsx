import { PRIVACY_POLICY } from '../../components/LegalDocuments';
import { legalMeta, LegalPage } from '../../components/LegalPage';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Public (docs/contract/portal.md#routes, #legal-pages): the same page signed in or out, so there is no loader of its own. */
export const meta = legalMeta(PRIVACY_POLICY);

export default function PrivacyPolicy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
