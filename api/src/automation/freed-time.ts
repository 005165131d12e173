import type { AutomationRules } from '@carelane/db';
import type { DomainEvent } from '@carelane/engine';

type Row = Record<string, unknown>;

/**
 * The start a change gives up (AutomationRules.freesTime), or undefined: an appointment newly
 * cancelled or marked moved gives up its start, one moved to another start gives up the old one, a
 * deleted one (not already ended) its own. Past starts free nothing worth offering.
 */
export const freedStart = (event: DomainEvent, rule: NonNullable<AutomationRules['freesTime']>, now = Date.now()): number | undefined => {
  const record = event.record as Row;
  const previous = (event.previous ?? {}) as Row;
  const ended = (row: Row) => rule.endedFields.some((field) => Boolean(row[field]));
  let start: unknown;
  if (event.kind === 'deleted') start = ended(record) ? undefined : record[rule.startField];
  else if (event.kind === 'updated') {
    const changes = (event.changes ?? {}) as Row;
    const newlyEnded = rule.endedFields.some((field) => Boolean(changes[field]) && !previous[field]);
    if (newlyEnded && !ended(previous)) start = previous[rule.startField] ?? record[rule.startField];
    else if (changes[rule.startField] !== undefined && !ended(record) && previous[rule.startField] !== undefined && previous[rule.startField] !== record[rule.startField]) start = previous[rule.startField];
  }
  const ms = Number(start);
  return Number.isFinite(ms) && ms > now ? ms : undefined;
};
