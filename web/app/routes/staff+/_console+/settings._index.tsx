import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../../../staff/session.server';

/** Settings open on the team. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireStaff(request);
  return redirect('/staff/settings/team');
};
