import type { LoaderFunctionArgs } from '@remix-run/node';
import { patientChoices } from '../../../staff/builders/patient-choices.server';
import { requireStaff } from '../../../staff/session.server';

/** GET /staff/patient-choices?q=: patients by name for a builder's pickers (previews, assignments), as the role may see them. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  return patientChoices(authToken, new URL(request.url).searchParams.get('q') ?? '');
};
