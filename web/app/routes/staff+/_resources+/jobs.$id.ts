import type { LoaderFunctionArgs } from '@remix-run/node';
import { bulkAddProgress } from '../../../staff/bulk-add.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/jobs/<id>: a bulk add's progress as JSON, polled by the journey page. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { user } = await requireStaff(request);
  const progress = bulkAddProgress(params.id ?? '', user.id);
  if (!progress) return Response.json({ message: 'Not found' }, { status: 404 });
  return Response.json(progress, { headers: { 'Cache-Control': 'no-store' } });
};
