import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import Button from '@mui/joy/Button';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import { ResponseView } from '../../../forms/ResponseView';
import { requireStaff } from '../../../staff/session.server';
import { loadResponse } from '../../../staff/patient/response.server';
import { staffTimeZone } from '../../../time/viewer-zone.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.view.title} · ${data.patient}` : 'Form response'} · Staff` }];

/** A patient's submitted form, read in the console with the portal's own response view, and its PDF. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const zone = staffTimeZone(request, user);
  return { responseId: params.responseId ?? '', ...(await loadResponse(authToken, params.id ?? '', params.responseId ?? '', zone)) };
};

export default function StaffFormResponse() {
  const { enduserId, responseId, patient, view } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2} alignItems="flex-start">
      <Link component={RemixLink} to={`/staff/patients/${enduserId}`} level="body-sm">
        Back to {patient}
      </Link>
      <ResponseView
        view={view}
        actions={
          <Button component="a" href={`/staff/patients/${enduserId}/responses/${responseId}.pdf`} variant="outlined" size="sm" download>
            Download PDF
          </Button>
        }
      />
    </Stack>
  );
}
