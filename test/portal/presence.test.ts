import { presenceOf, unreadBadge } from '../../web/app/portal/chat';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

/** docs/contract/portal.md#presence, with its thresholds (300,000 and 1,500,000 ms). */
describe('portal: staff presence in a room', () => {
  test('Active under 5 minutes since the last activity, Away under 25, Unavailable after', () => {
    expect(presenceOf({ lastActive: ago(0) }, NOW)).toBe('Active');
    expect(presenceOf({ lastActive: ago(299_999) }, NOW)).toBe('Active');
    expect(presenceOf({ lastActive: ago(300_000) }, NOW)).toBe('Away');
    expect(presenceOf({ lastActive: ago(1_499_999) }, NOW)).toBe('Away');
    expect(presenceOf({ lastActive: ago(1_500_000) }, NOW)).toBe('Unavailable');
  });

  test('Unavailable when the last logout is later than the last activity, however recent', () => {
    expect(presenceOf({ lastActive: ago(60_000), lastLogout: ago(30_000) }, NOW)).toBe('Unavailable');
    expect(presenceOf({ lastActive: ago(30_000), lastLogout: ago(60_000) }, NOW)).toBe('Active');
    expect(presenceOf({}, NOW)).toBe('Unavailable');
  });

  test('the unread badge shows at most 9', () => {
    expect([0, 1, 9, 10, 250].map(unreadBadge)).toEqual(['', '1', '9', '9+', '9+']);
  });
});
