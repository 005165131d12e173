import type { LoaderFunctionArgs } from '@remix-run/node';
import { responsePdf } from '../../../forms/response-pdf.server';
import { loadResponse } from '../../../staff/patient/response.server';
import { requireStaff } from '../../../staff/session.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

/** GET /staff/patients/<id>/responses/<responseId>.pdf: the submitted form as a PDF, named after the form and the patient. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const zone = staffTimeZone(request, user);
  const { patient, view } = await loadResponse(authToken, params.id ?? '', params.responseId ?? '', zone);
  const bytes = await responsePdf(view);
  const name = `${view.title} - ${patient}.pdf`.replace(/[\\/:*?"<>|]/g, '-');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  });
};
