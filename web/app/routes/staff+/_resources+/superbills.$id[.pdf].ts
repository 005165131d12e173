import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { config } from '../../../config.server';
import { requireStaff } from '../../../staff/session.server';

/**
 * GET /staff/superbills/<id>.pdf: the superbill as the api renders it (GET /v1/superbills/:id/pdf, read
 * with the staff member's own token, so the api decides), handed on as a download.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id ?? '';
  if (!/^[0-9a-f]{24}$/.test(id)) throw new Response('This superbill does not exist', { status: 404 });
  const answer = await fetch(`${config.apiUrl}/v1/superbills/${id}/pdf`, { headers: { Authorization: `Bearer ${authToken}` }, signal: AbortSignal.timeout(15_000) });
  if (answer.status === 404 || answer.status === 403) throw new Response('This superbill does not exist or you cannot see it', { status: 404 });
  if (!answer.ok) throw new ApiError(answer.status, `The superbill could not be made (${answer.status})`);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="superbill-${id}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
