import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { FormFilling } from '../../../forms/FormFilling';
import { apiMessage, fillingView, loadForm, postStep, type StepState } from '../../../forms/form-filling.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../../portal/files.server';
import { namespaceTexts } from '../../../portal/page-language.server';
import { fillPath } from '../../../staff/patient/fill-form.server';
import { patientName } from '../../../staff/patient/patient-name';
import { readRecord, staffNotFound } from '../../../staff/shell/refuse.server';
import { callApi } from '../../../api.server';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.form.title} · ${data.patient}` : 'Fill in a form'} · Staff` }];

/** The staff app's words for the form filler's texts (the staff app is in English). */
const formTexts = () => namespaceTexts('en', 'forms');

/**
 * The form a staff member started filling in for a patient (from the record's "Fill in a form"),
 * answered with them on the portal's own form filler, one question at a time, the draft kept by the
 * api. A code that is not this patient's outstanding response is the app's not-found page; once
 * submitted, the response opens on the record.
 */
const loadFilling = async (authToken: string, enduserId: string, accessCode: string) => {
  const loaded = await readRecord('record', () => loadForm(authToken, accessCode));
  if (loaded.info.response.enduserId !== enduserId) throw staffNotFound('record');
  return loaded;
};

const responsePath = (enduserId: string, responseId: string) => `/staff/patients/${encodeURIComponent(enduserId)}/responses/${encodeURIComponent(responseId)}`;

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const enduserId = String(params.id);
  const loaded = await loadFilling(authToken, enduserId, String(params.accessCode));
  if (loaded.info.response.submittedAt) throw redirect(responsePath(enduserId, String(loaded.info.response.id)));
  const patient = await readRecord('patient', () => callApi<{ fname?: string; lname?: string; email?: string }>(`/v1/enduser/${encodeURIComponent(enduserId)}`, { authToken }));
  return { enduserId, patient: patientName(patient), form: fillingView(request, loaded, formTexts()) };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const enduserId = String(params.id);
  const accessCode = String(params.accessCode);
  const t = formTexts();
  const loaded = await loadFilling(authToken, enduserId, accessCode);
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge'));
  } catch (error) {
    return data<StepState>({ formError: apiMessage(error, t) });
  }
  const result = await postStep(authToken, enduserId, accessCode, form, t);
  if ('submitted' in result) throw redirect(`${responsePath(enduserId, String(loaded.info.response.id))}`);
  if ('goTo' in result) throw redirect(`${fillPath(enduserId, accessCode)}?step=${result.goTo}`);
  return data<StepState>(result.state);
};

export default function FillFormForPatient() {
  const { enduserId, patient, form } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  return (
    <Stack gap={2} sx={{ maxWidth: 720 }}>
      <Link component={RemixLink} to={`/staff/patients/${enduserId}`} level="body-sm" sx={{ alignSelf: 'flex-start' }}>
        Back to {patient}
      </Link>
      <Typography level="body-sm">Filling in for {patient}. Answers are kept each time you go on to the next question; the form is saved to the record when you submit it.</Typography>
      <FormFilling loaded={form} state={state} postsTo={`/staff/patients/${enduserId}/fill/`} exit={{ to: `/staff/patients/${enduserId}`, label: 'Back to the record' }} />
    </Stack>
  );
}
