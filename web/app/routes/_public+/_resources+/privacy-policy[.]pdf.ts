import type { LoaderFunctionArgs } from '@remix-run/node';
import { PRIVACY_POLICY } from '../../../components/LegalDocuments';
import { legalPdfResponse } from '../../../components/LegalPdf.server';
import { requireOrganization } from '../../../organization.server';

/** The download-as-PDF link of /privacy-policy (docs/contract/portal.md#legal-pages): a resource route, public like the page. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireOrganization(request);
  return legalPdfResponse(PRIVACY_POLICY);
};
