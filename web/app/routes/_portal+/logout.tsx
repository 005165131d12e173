import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { endSession } from '../../session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Log out (GET from the 'Log Out' link, or POST): tell the API, clear the cookie, go to the landing page. */
export const loader = ({ request }: LoaderFunctionArgs) => endSession(request);
export const action = ({ request }: ActionFunctionArgs) => endSession(request);

export default function Logout() {
  return null;
}
