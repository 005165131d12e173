import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, callApi } from '../../../api.server';
import { downloadResponse } from '../../../portal/files.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/patients/<id>/files/<fileId>: one of the patient's files, downloaded with the staff member's token (the api decides). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  try {
    const file = await callApi<{ enduserId?: string; secureName?: string; name?: string }>(`/v1/file/${encodeURIComponent(params.fileId ?? '')}`, { authToken });
    if (file.enduserId !== params.id || !file.secureName) throw new ApiError(404, 'Not found');
    return await downloadResponse(authToken, file.secureName, file.name || 'file');
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return new Response('This file does not exist or you cannot see it', { status: 404 });
    throw error;
  }
};
