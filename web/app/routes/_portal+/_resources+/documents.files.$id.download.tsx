import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError } from '../../../api.server';
import { downloadResponse } from '../../../portal/files.server';
import { getRecord, optionalText } from '../../../portal/resources.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * A file's download (docs/contract/portal.md#documents): a fresh download link for its secureName, streamed through the
 * portal so the browser never needs the API's address. A failure answers its message as text.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  try {
    const file = await getRecord(authToken, 'file', String(params.id));
    const secureName = optionalText(file.secureName);
    if (!secureName) throw new ApiError(404, 'Could not find a record for the given id');
    return await downloadResponse(authToken, secureName, optionalText(file.name) ?? 'file', new URL(request.url).searchParams.get('inline') === '1');
  } catch (error) {
    const status = error instanceof ApiError && error.status >= 400 ? error.status : 502;
    const message = error instanceof Error ? error.message : (await pageLanguage(request, 'documents')).t('downloadFailed');
    return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
};
