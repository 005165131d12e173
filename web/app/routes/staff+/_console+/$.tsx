import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { StaffNotFound } from '../../../staff/StaffNotFound';
import { requireStaff } from '../../../staff/session.server';
import { movedAddress } from '../../../staff/shell/moved-addresses';
import { staffNotFound } from '../../../staff/shell/refuse.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Page not found · Staff' }];

/**
 * Any other /staff path: the staff app's own not-found page, inside its frame, answered 404. A
 * visitor without a staff session signs in first (requireStaff) and comes back here, rather than
 * falling to the portal's catch-all, which would send a staff member to the patients' login.
 */
const notFound = async (request: Request) => {
  await requireStaff(request);
  throw staffNotFound('page');
};

export const loader = ({ request }: LoaderFunctionArgs) => {
  const moved = movedAddress(new URL(request.url));
  if (moved) throw redirect(moved, 301);
  return notFound(request);
};
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

export default StaffNotFound;
