import { isTimeZone } from '@carelane/automation';
import { fail } from '@carelane/db';
import { S } from '../input';

/**
 * The clock analytics count days, weeks and months on (our extension: `timezone`, an IANA name such
 * as America/Los_Angeles; absent, UTC as before). The staff app sends its viewer's, so a message at
 * 5 PM in Los Angeles counts on that day, not the next (docs/decisions.md "analytics on the viewer's clock").
 */
export const analyticsTimeZone = (value: unknown) => (isTimeZone(value) ? value : fail('Unknown time zone'));

export const TIME_ZONE_SCHEMA = { ...S.string(100), description: 'IANA time zone the buckets follow (default UTC)' };
