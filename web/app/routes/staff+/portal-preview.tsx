import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useEffect, useState } from 'react';
import { useOrganization } from '../../components/useOrganization';
import { requireStaff } from '../../staff/session.server';
import { PREVIEW_READY, type PreviewMessage } from '../../staff/portal/portal-draft';
import { PreviewScreens } from '../../staff/portal/PreviewScreens';

export { StaffErrorBoundary as ErrorBoundary } from '../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Portal preview' }];

/** The staff app's portal preview, drawn inside the Portal page's frames (staff only). */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireStaff(request);
  return null;
};

/**
 * The portal with settings not saved yet: the Portal page (same origin) sends its draft by
 * postMessage whenever it changes; this page says when it is ready for one.
 */
export default function PortalPreview() {
  const loaded = useOrganization();
  const [message, setMessage] = useState<PreviewMessage>();
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const data = event.data as PreviewMessage | undefined;
      if (data?.type === 'carelane-portal-preview') setMessage(data);
    };
    window.addEventListener('message', receive);
    window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', receive);
  }, []);
  if (!message) return null;
  return <PreviewScreens loaded={loaded} draft={message.draft} screen={message.screen} />;
}
