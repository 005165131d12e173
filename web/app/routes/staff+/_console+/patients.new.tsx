import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { callApi } from '../../../api.server';
import { apiProblem } from '../../../staff/api-fields.server';
import { patientWords } from '../../../staff/patient-list/display-name.server';
import { requireStaff } from '../../../staff/session.server';
import { FormButtons } from '../../../staff/FormButtons';
import Box from '@mui/joy/Box';
import type { StaffUser } from '../../../staff/session.server';
import { loadStaffPatientFields } from '../../../staff/patient-fields/field-definitions.server';
import { applyPostedDetails, detailRows, type DetailRow } from '../../../staff/patient/details.server';
import { DetailBox } from '../../../staff/patient/DetailBox';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Add ${data?.words.one ?? 'patient'} · Staff` }];

const FIELDS = [
  { name: 'fname', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'lname', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', hint: 'With the country code for numbers outside the US, e.g. +44 20 7946 0958' },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'text', autoComplete: 'off', hint: 'MM-DD-YYYY' },
] as const;

/** The boxes of the details the staff member's organization keeps about every patient, for given values (empty, or as posted). */
const clinicDetails = async (authToken: string, user: StaffUser) => {
  const { definitions } = await loadStaffPatientFields(authToken, user);
  return (fields: Record<string, unknown> = {}) => detailRows({ id: '', fields }, definitions).filter((row) => row.defined && row.editable);
};

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const [words, detailsWith] = await Promise.all([patientWords(authToken, user.businessId), clinicDetails(authToken, user)]);
  return { words, details: detailsWith() };
};

/** Creates the patient through the api (its validation and exact messages, shown on the field they name); then opens their record. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(form.get(name) ?? '').trim()]));
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
  // The clinic's details, each in its kind's type; shown again as typed when the form comes back.
  const fields: Record<string, unknown> = {};
  const detailsWith = await clinicDetails(authToken, user);
  const detailErrors = applyPostedDetails(detailsWith(), form, fields);
  const details = detailsWith(fields);
  if (Object.keys(fields).length) body.fields = fields;
  if (!body.fname && !body.lname && !body.email && !body.phone) {
    const words = await patientWords(authToken, user.businessId);
    return { values, details, detailErrors, message: `Give the ${words.one} a name, an email or a phone number.`, field: undefined };
  }
  if (Object.keys(detailErrors).length) return { values, details, detailErrors, message: undefined, field: undefined };
  try {
    const created = await callApi<{ id: string }>('/v1/enduser', { method: 'POST', authToken, body });
    return redirect(`/staff/patients/${created.id}`);
  } catch (error) {
    const problem = apiProblem(error, FIELDS.map((field) => field.name));
    return { values, details, detailErrors, message: problem.message.replace(/^Error parsing field fields: /, ''), field: problem.field };
  }
};

export default function AddPatient() {
  const { words, details: empty } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const details = (result?.details ?? empty) as DetailRow[];
  const busy = useNavigation().state === 'submitting';
  return (
    <Stack gap={2} sx={{ maxWidth: 560 }}>
      <Typography level="h2" component="h1">
        Add {words.one}
      </Typography>
      <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack gap={2}>
            {result?.message && !result.field && (
              <Alert color="danger" role="alert">
                {result.message}
              </Alert>
            )}
            {FIELDS.map((field) => (
              <FormControl key={field.name} error={result?.field === field.name}>
                <FormLabel>{field.label}</FormLabel>
                <Input name={field.name} type={field.type} autoComplete={field.autoComplete} defaultValue={result?.values[field.name] ?? ''} />
                {result?.field === field.name ? <FormHelperText>{result.message}</FormHelperText> : 'hint' in field && <FormHelperText>{field.hint}</FormHelperText>}
              </FormControl>
            ))}
            {details.length > 0 && (
              <Stack component="fieldset" gap={1.5} sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" level="title-md" sx={{ mb: 1.5, p: 0 }}>
                  Details your clinic keeps
                </Typography>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                  {details.map((row, index) => (
                    <DetailBox key={row.name} row={row} id={`new-detail-${index}`} problem={result?.detailErrors?.[`detail:${row.name}`]} />
                  ))}
                </Box>
              </Stack>
            )}
            <FormButtons submit={`Add ${words.one}`} cancelTo="/staff/patients" busy={busy} />
          </Stack>
        </Form>
      </Sheet>
    </Stack>
  );
}
