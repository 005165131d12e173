import { callApi } from '../../api.server';
import { postedFile, uploadFile } from '../../portal/files.server';
import type { Key } from './conversation-key';

type Attachment = { type: 'image' | 'video' | 'file'; name: string; secureName: string };

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * The attached file, stored for the patient and shared to their portal, where they open it (a chat
 * shows it in place; an email links to the portal's Documents, docs/decisions.md "Attachments in
 * the inbox"). Texts carry none.
 */
const attach = async (authToken: string, enduserId: string, file: File): Promise<Attachment> => {
  const record = await uploadFile(authToken, enduserId, file, { hideFromEnduserPortal: false });
  await callApi(`/v1/file/${encodeURIComponent(String(record.id))}`, { method: 'PATCH', authToken, body: { updates: { pushedToClientPortal: true } } });
  const type = file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : 'file';
  return { type, name: file.name || 'Attachment', secureName: String(record.secureName) };
};

/** An email's words about its attachments: where the patient finds them, never the file itself. */
const emailNote = (attachments: Attachment[], documentsUrl: string) =>
  attachments.length ? `\n\n${attachments.map((file) => `Attached: ${file.name}`).join('\n')}\nOpen it in your portal: ${documentsUrl}` : '';

/**
 * Sends the composer's reply in the conversation's own channel, as the staff member: a chat, a text,
 * or an email with its subject that stays in its thread. Answers the error to show, or undefined.
 */
export const sendReply = async (authToken: string, key: Key, form: FormData, portalOrigin: string): Promise<string | undefined> => {
  const message = field(form, 'message');
  const enduserId = field(form, 'enduserId');
  const file = key.channel === 'SMS' ? undefined : postedFile(form.get('file'));
  if (!message && !file) return 'Write a message first.';
  if (key.channel === 'SMS') {
    if (!enduserId) return 'This number belongs to no patient yet, so a reply cannot be sent.';
    await callApi('/v1/sms-message', { method: 'POST', authToken, body: { enduserId, message } });
    return undefined;
  }
  if (key.channel === 'Email' && !field(form, 'subject')) return 'Write a subject first.';
  if (file && !enduserId) return 'This conversation belongs to no patient, so a file cannot be attached.';
  const attachments = file ? [await attach(authToken, enduserId, file)] : [];
  if (key.channel === 'Chat') {
    await callApi('/v1/chat', { method: 'POST', authToken, body: { roomId: key.roomId, message: message || attachments[0]!.name, ...(attachments.length ? { attachments } : {}) } });
    return undefined;
  }
  const textContent = `${message}${emailNote(attachments, `${portalOrigin}/documents`)}`.trim();
  await callApi('/v1/email', { method: 'POST', authToken, body: { enduserId, subject: field(form, 'subject'), textContent, replyTo: key.thread, ...(attachments.length ? { attachments } : {}) } });
  return undefined;
};
