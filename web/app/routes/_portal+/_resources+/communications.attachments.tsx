import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { downloadResponse } from '../../../portal/files.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * A chat attachment shown inline (images and videos in a room, docs/contract/portal.md#communications), fetched through the
 * portal with the enduser's token: the API answers only for files the enduser may see.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  const url = new URL(request.url);
  const secureName = url.searchParams.get('secureName') ?? '';
  const name = url.searchParams.get('name') ?? 'attachment';
  try {
    return await downloadResponse(authToken, secureName, name, true);
  } catch (error) {
    if (error instanceof ApiError) return new Response(error.message, { status: error.status || 502 });
    throw error;
  }
};
