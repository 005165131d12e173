import { callApi, type ApiError } from '../../api.server';
import { apiProblem } from '../api-fields.server';

type Sent = { saved?: string; fieldErrors?: Record<string, string>; formError?: string };
const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const FIELD_PREFIX = /^Error parsing field [\w.]+: /;

/** The api's refusal on the form's own field: its email text and text message fields are both the form's "Message". */
const refusal = (error: unknown): Sent => {
  const problem = apiProblem(error, ['subject', 'textContent', 'message', 'formId', 'enduserId']);
  if (!problem.field) return { formError: problem.message };
  const name = problem.field === 'textContent' ? 'message' : problem.field === 'enduserId' ? undefined : problem.field;
  return name ? { fieldErrors: { [name]: problem.message.replace(FIELD_PREFIX, '') } } : { formError: problem.message };
};

/** The patient's conversation with the clinic: the first room they are in, else a new one with them and the sender. */
const roomWith = async (authToken: string, enduserId: string) => {
  const [room] = await callApi<{ id: string }[]>('/v1/chat-rooms', { authToken, query: { filter: JSON.stringify({ enduserIds: [enduserId] }), limit: '1', sort: 'newFirst' } });
  if (room) return room.id;
  const created = await callApi<{ id: string }>('/v1/chat-room', { method: 'POST', authToken, body: { type: 'external', enduserIds: [enduserId] } });
  return created.id;
};

/** One message on the channel staff chose; the api sends it (and records it, so it shows on the timeline). */
const deliver = async (authToken: string, enduserId: string, channel: string, subject: string, message: string) => {
  if (channel === 'SMS') return callApi('/v1/sms-message', { method: 'POST', authToken, body: { enduserId, message } });
  if (channel === 'Chat') return callApi('/v1/chat', { method: 'POST', authToken, body: { roomId: await roomWith(authToken, enduserId), message } });
  return callApi('/v1/email', { method: 'POST', authToken, body: { enduserId, subject, textContent: message } });
};

export const CHANNELS = [
  { value: 'Email', label: 'Email', sent: 'Email sent' },
  { value: 'SMS', label: 'Text message', sent: 'Text message sent' },
  { value: 'Chat', label: 'Portal chat', sent: 'Chat message sent' },
] as const;

/** "Send a message": by email (with a subject), text or portal chat. */
export const sendMessage = async (authToken: string, enduserId: string, form: FormData): Promise<Sent> => {
  const channel = CHANNELS.find((choice) => choice.value === field(form, 'channel')) ?? CHANNELS[0];
  try {
    await deliver(authToken, enduserId, channel.value, field(form, 'subject'), field(form, 'message'));
    return { saved: channel.sent };
  } catch (error) {
    return refusal(error as ApiError);
  }
};

/**
 * "Send a form": prepare-form-response makes the patient's response and its link (sharedVia says
 * how), then the link goes out by email or text through the same calls as any message.
 */
export const sendForm = async (authToken: string, enduserId: string, form: FormData): Promise<Sent> => {
  const via = field(form, 'via') === 'SMS' ? 'SMS' : 'Email';
  try {
    const { invitation, response } = await callApi<{ invitation: string; response: { formTitle?: string } }>('/v1/prepare-form-response', {
      method: 'POST',
      authToken,
      body: { formId: field(form, 'formId'), enduserId, sharedVia: via },
    });
    const title = response.formTitle || 'a form';
    // The api writes the invitation in the patient's language, around the form's own title.
    await deliver(authToken, enduserId, via, title, invitation);
    return { saved: via === 'SMS' ? `${title} sent by text message` : `${title} sent by email` };
  } catch (error) {
    return refusal(error);
  }
};
