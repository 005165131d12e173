import type { LoaderFunctionArgs } from '@remix-run/node';
import { contentFileResponse } from '../../../portal/files.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * A picture or PDF placed in content by the staff app's builder (a header photo, an image or PDF
 * block), read with the enduser's token: the api answers only for files listed by content the enduser may see.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  return contentFileResponse(authToken, params.fileId ?? '', new URL(request.url).searchParams.get('name') || 'file');
};
