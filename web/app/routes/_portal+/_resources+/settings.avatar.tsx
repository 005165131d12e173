import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { downloadResponse, MAX_AVATAR_BYTES, postedFile, readMultipart, uploadFile, UPLOAD_FAILED } from '../../../portal/files.server';
import { optionalText, updateRecord } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { apiMessageIn } from '../../../i18n/form-error.server';
import { requestTexts } from '../../../i18n/request-texts.server';

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
  // Texts the spec does not give (docs/decisions.md, issue 13), in the patient's language.
  const { language, t } = await requestTexts(request);
  const texts = { tooLarge: t('avatarTooLarge', { ns: 'settings' }), notImage: t('avatarNotImage', { ns: 'settings' }), failed: t('uploadFailed', { ns: 'settings' }) };
  let error: string | undefined;
  try {
    const file = postedFile((await readMultipart(request, MAX_AVATAR_BYTES, texts.tooLarge)).get('avatar'));
    if (!file) error = texts.notImage;
    else if (!IMAGE_TYPES.includes(file.type)) error = texts.notImage;
    else {
      const stored = await uploadFile(authToken, enduser.id, file, { hideFromEnduserPortal: true });
      await updateRecord(authToken, 'enduser', enduser.id, { avatar: String(stored.secureName) });
    }
  } catch (failure) {
    if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) error = failure.message === UPLOAD_FAILED ? texts.failed : apiMessageIn(failure.message, language);
    else {
      console.error('Uploading an avatar failed', failure);
      error = texts.failed;
    }
  }
  if (wantsJson) return data(error ? { ok: false, error } : { ok: true });
  throw redirect(error ? `/settings?avatarError=${encodeURIComponent(error === texts.tooLarge ? 'tooLarge' : error === texts.notImage ? 'notImage' : 'failed')}` : '/settings');
};
