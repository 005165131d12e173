import { redirect } from '@remix-run/node';
import { callApi, formErrorMessage } from '../../api.server';
import { postedFile, readMultipart, MAX_UPLOAD_BYTES, uploadFile } from '../../portal/files.server';
import { retryStep } from '../retry-step.server';
import { cancelOutboxEntry } from './outbox.server';
import { loadEnduser } from './patient.server';
import { saveDetails } from './details.server';
import { loadPatientFields } from '../patient-fields/field-definitions.server';
import { addTask } from '../task-queue/new-task.server';
import { addCarePlan, deleteCarePlan, editCarePlan } from './care-plan-form.server';
import { saveProfile } from './profile-form.server';
import { sendForm, sendMessage } from './send.server';
import { fillPath, startFilling } from './fill-form.server';
import { markVitals, recordVitals } from './vitals.server';
import { logCall, markCallHeard } from './calls.server';
import { deleteSuperbill, makeSuperbill } from './superbills.server';

/** What one of the record's forms hears back: which form, that it worked (in words), or the api's refusal. */
export type PatientActionState = {
  intent: string;
  saved?: string | boolean;
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  retried?: string;
  retryError?: string;
};

const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

const cancelStep = (authToken: string, actionId: string) =>
  callApi(`/v1/automated-action/${encodeURIComponent(actionId)}`, { method: 'PATCH', authToken, body: { updates: { status: 'cancelled' } } });

/** Cancels every pending step of one journey for this patient: the api marks each cancelled and its workflow then sends nothing for it. */
const cancelJourney = async (authToken: string, enduserId: string, journeyId: string) => {
  const filter = JSON.stringify({ enduserId, journeyId, status: 'active' });
  const pending = await callApi<{ id: string }[]>('/v1/automated-actions', { authToken, query: { filter, limit: '1000' } });
  for (const step of pending) await cancelStep(authToken, step.id);
};

const note = async (authToken: string, enduserId: string, form: FormData) => {
  const noteId = field(form, 'noteId');
  const body = { title: field(form, 'title') || undefined, text: field(form, 'text') };
  if (noteId) await callApi(`/v1/note/${encodeURIComponent(noteId)}`, { method: 'PATCH', authToken, body: { updates: body } });
  else await callApi('/v1/note', { method: 'POST', authToken, body: { enduserId, ...body } });
  return noteId ? 'Note saved' : 'Note added';
};

const shareFile = async (authToken: string, form: FormData) => {
  const shared = field(form, 'shared') === 'true';
  await callApi(`/v1/file/${encodeURIComponent(field(form, 'fileId'))}`, { method: 'PATCH', authToken, body: { updates: { pushedToClientPortal: shared, hideFromEnduserPortal: !shared } } });
  return shared ? 'Shared to the portal' : 'No longer shared to the portal';
};

/**
 * The record page's action: one intent per form on the page, each a call to the api with the staff
 * member's own token (so the api decides), answered with the api's own message when it refuses.
 */
export const patientAction = async (request: Request, authToken: string, enduserId: string, zone: string, user: { id: string; businessId?: string }): Promise<PatientActionState> => {
  const { businessId } = user;
  const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  let form: FormData;
  try {
    form = multipart ? await readMultipart(request, MAX_UPLOAD_BYTES) : await request.formData();
  } catch (error) {
    return { intent: 'file-upload', formError: formErrorMessage(error) };
  }
  // Forms posted before intents had names: a journey's "Cancel all", or one step's "Cancel".
  const intent = field(form, 'intent') || (field(form, 'journeyId') ? 'cancel-journey' : 'cancel');
  if (intent === 'retry') return { intent, ...(await retryStep(authToken, field(form, 'actionId'))) };
  if (intent === 'fill-form') {
    const started = await startFilling(authToken, enduserId, field(form, 'formId'));
    if ('accessCode' in started) throw redirect(fillPath(enduserId, started.accessCode));
    return { intent, ...started };
  }
  // `return await` below: a call's refusal must reach the catch, not escape it as a rejected promise.
  try {
    switch (intent) {
      case 'profile':
        return await saveProfile(authToken, await loadEnduser(authToken, enduserId), form);
      case 'details': {
        const enduser = await loadEnduser(authToken, enduserId);
        return await saveDetails(authToken, enduser, await loadPatientFields(authToken, enduser, businessId), form);
      }
      case 'task':
        return await addTask(authToken, enduserId, form, zone);
      case 'care-plan':
        return await addCarePlan(authToken, enduserId, form);
      case 'care-plan-edit':
        return await editCarePlan(authToken, enduserId, form);
      case 'care-plan-delete':
        return await deleteCarePlan(authToken, enduserId, form);
      case 'call':
        return await logCall(authToken, enduserId, user.id, (await loadEnduser(authToken, enduserId)).phone, form, zone);
      case 'call-heard':
        return await markCallHeard(authToken, form);
      case 'vitals':
        return await recordVitals(authToken, enduserId, form, zone);
      case 'vitals-error':
        return await markVitals(authToken, form, 'error');
      case 'vitals-reviewed':
        return await markVitals(authToken, form, 'reviewed');
      case 'superbill':
        return await makeSuperbill(authToken, await loadEnduser(authToken, enduserId), form, zone);
      case 'superbill-delete':
        return await deleteSuperbill(authToken, form);
      case 'note':
        return { intent, saved: await note(authToken, enduserId, form) };
      case 'file-upload': {
        const file = postedFile(form.get('file'));
        if (!file) return { intent, fieldErrors: { file: 'Choose a file to upload' } };
        const share = form.get('share') === 'on';
        const stored = await uploadFile(authToken, enduserId, file, { hideFromEnduserPortal: !share });
        // prepare-file-upload takes no pushedToClientPortal: sharing is the same update as the Share button's.
        if (!share) return { intent, saved: `${file.name} uploaded` };
        await callApi(`/v1/file/${encodeURIComponent(stored.id)}`, { method: 'PATCH', authToken, body: { updates: { pushedToClientPortal: true } } });
        return { intent, saved: `${file.name} uploaded and shared to the portal` };
      }
      case 'file-share':
        return { intent, saved: await shareFile(authToken, form) };
      case 'message':
        return { intent, ...(await sendMessage(authToken, enduserId, form)) };
      case 'send-form':
        return { intent, ...(await sendForm(authToken, enduserId, form)) };
      case 'add-journey':
        await callApi('/v1/add-endusers-to-journey', { method: 'POST', authToken, body: { enduserIds: [enduserId], journeyId: field(form, 'journeyId') } });
        return { intent, saved: 'Added to the journey' };
      case 'cancel-journey':
        await cancelJourney(authToken, enduserId, field(form, 'journeyId'));
        return { intent, saved: 'Pending steps cancelled' };
      case 'cancel-send':
        await cancelOutboxEntry(authToken, enduserId, field(form, 'entryId'));
        return { intent, saved: 'Send cancelled' };
      case 'cancel':
        await cancelStep(authToken, field(form, 'actionId'));
        return { intent, saved: 'Step cancelled' };
      default:
        return { intent, formError: 'This form is not known here. Reload the page and try again.' };
    }
  } catch (error) {
    return { intent, formError: formErrorMessage(error) };
  }
};
