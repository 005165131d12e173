import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { TIME_ZONE_COOKIE } from './time-zone-cookie';

/**
 * The first page of a visit may be rendered before the browser said its zone (a sign-in link opened
 * in a new browser): the server then fell back to the organization's clock or UTC. Once the page runs
 * and ReportTimeZone has set the cookie, its loaders run again once, so the times move to the
 * viewer's clock without waiting for the next navigation. `serverKnewZone` false means the server
 * had no zone of the viewer's own; after the revalidation it says true, so this never loops.
 */
export function useRevalidateWhenZoneReported(serverKnewZone: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (serverKnewZone) return;
    if (!document.cookie.split(/;\s*/).some((part) => part.startsWith(`${TIME_ZONE_COOKIE}=`))) return;
    revalidator.revalidate();
    // Once per answer of the server; the revalidator object changes while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKnewZone]);
}
