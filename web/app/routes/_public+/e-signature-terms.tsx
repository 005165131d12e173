import { E_SIGNATURE_TERMS } from '../../components/LegalDocuments';
import { legalMeta, LegalPage } from '../../components/LegalPage';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** docs/contract/portal.md#routes: the terms page signature forms link to (in a new tab); public, so no loader of its own. */
export const meta = legalMeta(E_SIGNATURE_TERMS);

export default function ESignatureTerms() {
  return <LegalPage document={E_SIGNATURE_TERMS} />;
}
