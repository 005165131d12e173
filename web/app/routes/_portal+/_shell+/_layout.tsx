import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { LiveChatsProvider } from '../../../components/LiveChats';
import { PortalShell } from '../../../components/PortalShell';
import { loadShell } from '../../../portal/shell.server';
import { useRevalidateWhenZoneReported } from '../../../time/useRevalidateWhenZoneReported';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/**
 * The signed-in pages' layout (docs/contract/portal.md#shell): one loader fetches the session's enduser (shared with the
 * page's loader for the same request), the page settings and what shows or hides pages, and
 * refreshes the session when due. An unauthenticated answer sends the browser to /login.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { data: shell, setCookie } = await loadShell(request);
  return data({ ...shell, texts: await screenTexts(request, ['shell']) }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
};

export default function SignedInLayout() {
  const shell = useLoaderData<typeof loader>();
  useRevalidateWhenZoneReported(shell.zoneKnown);
  return (
    <LiveChatsProvider unread={shell.unreadChats}>
      <PortalShell shell={shell}>
        <Outlet />
      </PortalShell>
    </LiveChatsProvider>
  );
}
