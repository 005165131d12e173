import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { downloadResponse, MAX_AVATAR_BYTES, postedFile, readMultipart, uploadFile, UPLOAD_FAILED } from '../../../portal/files.server';
import { optionalText, updateRecord } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/** Texts the spec does not give (docs/decisions.md, issue 13). */
export const AVATAR_TEXTS = {
  notImage: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
  tooLarge: 'This image is too large (at most 5 MB)',
  missing: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
} as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The enduser's avatar image (docs/contract/portal.md#settings), streamed from storage; 404 without one. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const avatar = optionalText(enduser.avatar);
  if (!avatar) return new Response('No avatar', { status: 404 });
  try {
    const response = await downloadResponse(authToken, avatar, 'avatar', true);
    // Only images are shown inline; anything else is not an avatar.
    if (!IMAGE_TYPES.includes(response.headers.get('Content-Type') ?? '')) return new Response('No avatar', { status: 404 });
    response.headers.set('Cache-Control', 'private, max-age=300');
    return response;
  } catch {
    return new Response('No avatar', { status: 404 });
  }
};

/**
 * Avatar upload (docs/contract/portal.md#settings; the 5 MB limit is ours, docs/decisions.md): an image only, at most 5 MB, stored for the enduser (hidden from
 * Documents) and set as their avatar. JSON for the page's script (progress), a redirect otherwise.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const wantsJson = request.headers.get('Accept')?.includes('application/json') === true;
  let error: string | undefined;
  try {
    const file = postedFile((await readMultipart(request, MAX_AVATAR_BYTES, AVATAR_TEXTS.tooLarge)).get('avatar'));
    if (!file) error = AVATAR_TEXTS.missing;
    else if (!IMAGE_TYPES.includes(file.type)) error = AVATAR_TEXTS.notImage;
    else {
      const stored = await uploadFile(authToken, enduser.id, file, { hideFromEnduserPortal: true });
      await updateRecord(authToken, 'enduser', enduser.id, { avatar: String(stored.secureName) });
    }
  } catch (failure) {
    if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) error = failure.message;
    else {
      console.error('Uploading an avatar failed', failure);
      error = UPLOAD_FAILED;
    }
  }
  if (wantsJson) return data(error ? { ok: false, error } : { ok: true });
  throw redirect(error ? `/settings?avatarError=${encodeURIComponent(error === AVATAR_TEXTS.tooLarge ? 'tooLarge' : error === AVATAR_TEXTS.notImage ? 'notImage' : 'failed')}` : '/settings');
};
