import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useParams } from '@remix-run/react';
import { PortalShell, type ShellData } from '../components/PortalShell';
import { navigationEntries } from '../navigation';
import { isSignedIn } from '../session.server';
import Landing from '../routes/_portal+/_index';
import Home from '../routes/_portal+/_shell+/home';

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';

/**
 * Baselines for bench/portal (issue 13): Landing and Home as they render with fixed data and no
 * API call of their own, so the benchmark can print the real pages beside them from the same run.
 * Not a production route: only the benchmark's own build mounts it, at /bench-baseline/:page
 * (PORTAL_BENCH_BUILD_DIRECTORY in vite.config.ts). Any other page name is 'any other path'.
 */
const SHELL: ShellData = {
  enduser: { id: 'bench', name: 'Bench Patient' },
  navigation: navigationEntries([], { hasCarePlan: false, selfScheduling: false }),
  sidebarClosed: false,
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  if (params.page !== 'landing' && params.page !== 'home') {
    throw redirect((await isSignedIn(request)) ? '/home' : '/login');
  }
  const start = Date.UTC(2030, 0, 15, 15, 30);
  return {
    fname: 'Bench',
    timeZone: 'America/New_York',
    outstandingForms: 1,
    unreadRooms: 1,
    events: [0, 1, 2].map((index) => ({ id: `event-${index}`, title: `Event ${index + 1}`, startTimeInMS: start + index * 86_400_000, durationInMinutes: 30, cancelled: false, rescheduled: false })),
  };
};

export default function BenchBaseline() {
  const { page } = useParams();
  if (page === 'landing') return <Landing />;
  return (
    <PortalShell shell={SHELL}>
      <Home />
    </PortalShell>
  );
}
