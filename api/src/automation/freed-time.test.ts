import type { DomainEvent } from '@carelane/engine';
import { freedStart } from './freed-time';

const RULE = { startField: 'startTimeInMS', endedFields: ['cancelledAt', 'rescheduledAt'] };
const NOW = Date.UTC(2026, 11, 1, 12);
const LATER = NOW + 86_400_000;
const change = (kind: DomainEvent['kind'], record: Record<string, unknown>, previous?: Record<string, unknown>, changes?: Record<string, unknown>): DomainEvent => ({
  kind,
  resource: 'calendar_events',
  businessId: 'b'.repeat(24),
  record,
  previous,
  changes,
});

describe('freedStart: the start a change to an appointment gives up', () => {
  test('a cancellation, a mark as moved, a move and a deletion free a future start', () => {
    expect(freedStart(change('updated', { startTimeInMS: LATER, cancelledAt: 'x' }, { startTimeInMS: LATER }, { cancelledAt: 'x' }), RULE, NOW)).toBe(LATER);
    expect(freedStart(change('updated', { startTimeInMS: LATER, rescheduledAt: 'x' }, { startTimeInMS: LATER }, { rescheduledAt: 'x', rescheduledTo: 'y' }), RULE, NOW)).toBe(LATER);
    expect(freedStart(change('updated', { startTimeInMS: LATER + 3_600_000 }, { startTimeInMS: LATER }, { startTimeInMS: LATER + 3_600_000 }), RULE, NOW)).toBe(LATER);
    expect(freedStart(change('deleted', { startTimeInMS: LATER }), RULE, NOW)).toBe(LATER);
  });

  test('nothing for a past start, a new appointment, an other change, or one already ended', () => {
    expect(freedStart(change('updated', { startTimeInMS: NOW - 1, cancelledAt: 'x' }, { startTimeInMS: NOW - 1 }, { cancelledAt: 'x' }), RULE, NOW)).toBeUndefined();
    expect(freedStart(change('created', { startTimeInMS: LATER }), RULE, NOW)).toBeUndefined();
    expect(freedStart(change('updated', { startTimeInMS: LATER, title: 'New' }, { startTimeInMS: LATER }, { title: 'New' }), RULE, NOW)).toBeUndefined();
    expect(freedStart(change('updated', { startTimeInMS: LATER, cancelledAt: 'x', rescheduledAt: 'y' }, { startTimeInMS: LATER, cancelledAt: 'x' }, { rescheduledAt: 'y' }), RULE, NOW)).toBeUndefined();
    expect(freedStart(change('deleted', { startTimeInMS: LATER, cancelledAt: 'x' }), RULE, NOW)).toBeUndefined();
  });
});
