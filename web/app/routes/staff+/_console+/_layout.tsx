import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { requireStaff } from '../../../staff/session.server';
import { loadStaffShell } from '../../../staff/shell/shell.server';
import { StaffShell } from '../../../staff/shell/StaffShell';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

/**
 * Every staff page requires a staff session; the frame shows the sections the role may read and the
 * inbox's unread count (the api still decides what each call may do).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadStaffShell(authToken, user);
};

/** The unread count follows every navigation and form post; a page's own polling leaves the frame alone. */
export const shouldRevalidate = ({ defaultShouldRevalidate, formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  formMethod !== undefined || currentUrl.href !== nextUrl.href ? defaultShouldRevalidate : false;

export default function StaffFrame() {
  const shell = useLoaderData<typeof loader>();
  return (
    <StaffShell shell={shell}>
      <Outlet />
    </StaffShell>
  );
}
