import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isSignedIn } from '../../session.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Any other path (docs/contract/portal.md#routing-rules): signed-out visitors go to /login, signed-in ones to /home. */
const elsewhere = async (request: Request) => redirect((await isSignedIn(request)) ? '/home' : '/login');

export const loader = ({ request }: LoaderFunctionArgs) => elsewhere(request);
export const action = ({ request }: ActionFunctionArgs) => elsewhere(request);

export default function Elsewhere() {
  return null;
}
