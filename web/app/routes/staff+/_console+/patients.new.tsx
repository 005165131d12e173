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

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Add ${data?.words.one ?? 'patient'} · Staff` }];

const FIELDS = [
  { name: 'fname', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'lname', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', hint: 'With the country code for numbers outside the US, e.g. +44 20 7946 0958' },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'text', autoComplete: 'off', hint: 'MM-DD-YYYY' },
] as const;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return { words: await patientWords(authToken, user.businessId) };
};

/** Creates the patient through the api (its validation and exact messages, shown on the field they name); then opens their record. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(form.get(name) ?? '').trim()]));
  const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
  if (!body.fname && !body.lname && !body.email && !body.phone) {
    const words = await patientWords(authToken, user.businessId);
    return { values, message: `Give the ${words.one} a name, an email or a phone number.`, field: undefined };
  }
  try {
    const created = await callApi<{ id: string }>('/v1/enduser', { method: 'POST', authToken, body });
    return redirect(`/staff/patients/${created.id}`);
  } catch (error) {
    const problem = apiProblem(error, FIELDS.map((field) => field.name));
    return { values, message: problem.message, field: problem.field };
  }
};

export default function AddPatient() {
  const { words } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
            <FormButtons submit={`Add ${words.one}`} cancelTo="/staff/patients" busy={busy} />
          </Stack>
        </Form>
      </Sheet>
    </Stack>
  );
}
