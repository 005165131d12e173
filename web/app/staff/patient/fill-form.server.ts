import { callApi, formErrorMessage } from '../../api.server';

/**
 * Starts filling one of the clinic's forms for a patient from the record: an outstanding response
 * prepared by the staff member (prepare-form-response; a note form's kept as an internal note), whose
 * access code the fill page then uses, as a patient's portal does.
 */
export const startFilling = async (authToken: string, enduserId: string, formId: string): Promise<{ accessCode: string } | { fieldErrors: Record<string, string> } | { formError: string }> => {
  if (!formId) return { fieldErrors: { formId: 'Choose a form' } };
  try {
    const [form, questions] = await Promise.all([
      callApi<{ type?: string }>(`/v1/form/${encodeURIComponent(formId)}`, { authToken }),
      callApi<unknown[]>('/v1/form-fields', { authToken, query: { filter: JSON.stringify({ formId }), limit: '1' } }),
    ]);
    if (!questions.length) return { fieldErrors: { formId: 'This form has no questions yet: add some under Forms first' } };
    const { accessCode } = await callApi<{ accessCode: string }>('/v1/prepare-form-response', {
      method: 'POST',
      authToken,
      body: { formId, enduserId, ...(form.type === 'note' ? { isInternalNote: true } : {}) },
    });
    return { accessCode };
  } catch (error) {
    return { formError: formErrorMessage(error) };
  }
};

/** Where a form being filled in for a patient is shown. */
export const fillPath = (enduserId: string, accessCode: string) => `/staff/patients/${encodeURIComponent(enduserId)}/fill/${encodeURIComponent(accessCode)}`;
