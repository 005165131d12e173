import { usePortalHarness } from '../support/portal-harness';

/**
 * A live channel (server-sent events) whose visitor has no session any more answers 204, which tells
 * the browser's EventSource to stop, instead of redirecting it to the sign-in page: that HTML made
 * the browser log an error and reconnect every 2.5 s (seen in the token sign-in suite after sign-out).
 */
describe('portal: live channels without a session', () => {
  const harness = usePortalHarness();

  it.each([
    ['the conversations list', '/communications/events'],
    ['an open room', '/communications/0123456789abcdef01234567/events'],
    ['a console enduser page', '/staff/patients/0123456789abcdef01234567/events'],
  ])('%s answers 204 with no body, never the sign-in page', async (_name, path) => {
    const response = await fetch(`${harness.portal.url}${path}`, { redirect: 'manual', headers: { Accept: 'text/event-stream', Cookie: 'carelane_session=stale' } });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
