import type { LoaderFunctionArgs } from '@remix-run/node';
import { TERMS_OF_SERVICE } from '../../../components/LegalDocuments';
import { legalPdfResponse } from '../../../components/LegalPdf.server';
import { requireOrganization } from '../../../organization.server';

/** The download-as-PDF link of /terms-of-service (docs/contract/portal.md#legal-pages): a resource route, public like the page. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireOrganization(request);
  return legalPdfResponse(TERMS_OF_SERVICE);
};
