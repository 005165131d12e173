import type { LoaderFunctionArgs } from '@remix-run/node';
import { LandingScreen } from '../../components/LandingScreen';
import { requireSignedOut } from '../../session.server';
import { screenTexts } from '../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/RouteErrorBoundary';

/** Landing (docs/contract/portal.md#landing): signed-out only. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireSignedOut(request);
  return { texts: await screenTexts(request, ['auth']) };
};

export default function Landing() {
  return <LandingScreen />;
}
