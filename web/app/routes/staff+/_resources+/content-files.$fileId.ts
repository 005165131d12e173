import type { LoaderFunctionArgs } from '@remix-run/node';
import { contentFileResponse } from '../../../portal/files.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/content-files/<file id>?name=: a content item's uploaded picture or PDF in the builder's preview, with the staff member's token. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  return contentFileResponse(authToken, params.fileId ?? '', new URL(request.url).searchParams.get('name') || 'file');
};
