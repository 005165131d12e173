import { callApi } from '../../api.server';
import { answersOf } from '../../forms/response-answers';
import { formatIn } from '../../time/format';
import { loadEnduser } from './patient.server';
import { readRecord, staffNotFound } from '../shell/refuse.server';
import { patientName } from './patient-name';

/**
 * One of the patient's form responses as the response view reads it (forms/response-answers.ts): a
 * response that is not this patient's, or that the caller may not read, is not found. Dates in the
 * answers and the submission time are on the staff member's clock.
 */
export const loadResponse = async (authToken: string, enduserId: string, responseId: string, zone: string) => {
  const enduser = await loadEnduser(authToken, enduserId);
  const response = await readRecord('record', () =>
    callApi<{ id: string; enduserId?: string; formTitle?: string; submittedAt?: string; responses?: unknown }>(`/v1/form-response/${encodeURIComponent(responseId)}`, { authToken }),
  );
  if (response.enduserId !== enduser.id) throw staffNotFound('record');
  return {
    enduserId: enduser.id,
    patient: patientName(enduser),
    view: {
      title: response.formTitle || 'Form',
      person: patientName(enduser),
      submittedAt: response.submittedAt ? formatIn(response.submittedAt, zone) : undefined,
      answers: answersOf(response, zone),
    },
  };
};
