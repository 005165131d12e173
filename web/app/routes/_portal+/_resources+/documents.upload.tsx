import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { apiMessageIn } from '../../../i18n/form-error.server';
import { MAX_UPLOAD_BYTES, postedFile, readMultipart, uploadFile } from '../../../portal/files.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * The 'Add File' upload (docs/contract/portal.md#documents): the file is stored for the enduser through the API from here.
 * Answers JSON to the page's script (which shows progress), or goes back to Documents for a plain post.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const wantsJson = request.headers.get('Accept')?.includes('application/json') === true;
  const filter = new URL(request.url).searchParams.get('filter');
  const back = filter && filter !== 'all' ? `/documents?filter=${encodeURIComponent(filter)}` : '/documents';
  const { t, language } = await pageLanguage(request, 'documents');
  let error: string | undefined;
  try {
    const file = postedFile((await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge'))).get('file'));
    if (!file) error = t('fileRequired');
    else await uploadFile(authToken, enduser.id, file);
  } catch (failure) {
    // docs/contract/portal.md#errors: the message (in the patient's language), or 'Failed to upload file'.
    if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) error = apiMessageIn(failure.message, language);
    else {
      console.error('Uploading a file failed', failure);
      error = t('uploadFailed');
    }
  }
  if (wantsJson) return data(error ? { ok: false, error } : { ok: true });
  if (error) throw redirect(`${back}${back.includes('?') ? '&' : '?'}upload=1&uploadError=1`);
  throw redirect(back);
};

export const loader = (_args: LoaderFunctionArgs) => redirect('/documents');
