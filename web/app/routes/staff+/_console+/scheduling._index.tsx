import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../../../staff/session.server';

/** The setup opens on working hours. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireStaff(request);
  return redirect('/staff/scheduling/hours');
};
