import { data, type ActionFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { MAX_AVATAR_BYTES, postedFile, readMultipart, uploadFile, UPLOAD_FAILED } from '../../../portal/files.server';
import { requireStaff } from '../../../staff/session.server';

/** Images the portal shows (the public file route serves only these). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon']);
const NOT_AN_IMAGE = 'Choose a PNG, JPEG, GIF, WebP or ICO image';
const TOO_LARGE = 'This image is too large (at most 5 MB)';

/**
 * POST /staff/portal-images: an image for the portal's branding (logo, favicon, graphics, Home's
 * header), stored as a public file through the api's presigned upload; answers its public address.
 * A refusal is answered as 200 with its message, so the page shows it without the browser logging a failed request.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  try {
    const file = postedFile((await readMultipart(request, MAX_AVATAR_BYTES, TOO_LARGE)).get('file'));
    if (!file) return data({ error: 'A file is required' });
    if (!IMAGE_TYPES.has(file.type)) return data({ error: NOT_AN_IMAGE });
    const record = await uploadFile(authToken, undefined, file, { publicRead: true });
    const url = new URL('/public-file', request.url);
    url.searchParams.set('secureName', String(record.secureName));
    return data({ url: url.toString() });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) return data({ error: failure.message });
    console.error('Uploading a portal image failed', failure);
    return data({ error: UPLOAD_FAILED }, { status: 502 });
  }
};
