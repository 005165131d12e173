import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { downloadResponse } from '../../../portal/files.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/attachments/<secureName>?name=: a message's attachment (chats and emails name files by secureName), with the staff member's token (the api decides). */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const name = new URL(request.url).searchParams.get('name') || 'attachment';
  try {
    return await downloadResponse(authToken, params.secureName ?? '', name);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return new Response('This file does not exist or you cannot see it', { status: 404 });
    throw error;
  }
};
