import { redirect } from '@remix-run/node';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** /staff opens the journeys (the parent layout has already sent a visitor without a session to /staff/login). */
export const loader = () => redirect('/staff/journeys');

export default function StaffIndex() {
  return null;
}
