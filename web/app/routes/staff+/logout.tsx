import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { endStaffSession } from '../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

/** Staff log out is a POST only (a link prefetch must not sign anyone out); a GET goes to the console. */
export const loader = () => redirect('/staff/journeys');
export const action = ({ request }: ActionFunctionArgs) => endStaffSession(request);

export default function StaffLogout() {
  return null;
}
