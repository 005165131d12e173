import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { formErrorMessage } from '../../../api.server';
import { apiMessageIn } from '../../../i18n/form-error.server';
import { roomDisplayInfo, roomMessages, sendFromForm } from '../../../portal/chat.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../../portal/files.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * A room's latest messages as JSON, for the open room page to poll (the live path that never needs
 * a socket in the browser; the staff token never reaches it either). Only rooms the enduser is in
 * answer: the API scopes both calls to the enduser's token.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const roomId = params.roomId ?? '';
  const info = await roomDisplayInfo(authToken, roomId);
  const messages = await roomMessages(authToken, enduser.id, roomId, info);
  return data({ messages }, { headers: { 'Cache-Control': 'private, no-store' } });
};

/** Sends a message from the room's composer (posted with progress by the page): `{ ok }` or `{ error }`. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const { t, language } = await pageLanguage(request, 'communications');
  let error: string | undefined;
  try {
    error = await sendFromForm(authToken, enduser.id, params.roomId ?? '', await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge')), t('enterMessage'));
  } catch (failure) {
    error = formErrorMessage(failure);
  }
  // The api's refusal of a message (a room closed meanwhile, a file it turned down) in the patient's language.
  if (error) error = apiMessageIn(error, language);
  return data(error ? { ok: false, error } : { ok: true }, { headers: { 'Cache-Control': 'no-store' } });
};
