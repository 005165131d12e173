import type { Row, TimelineEntry } from '../timeline.server';
import { decisionTitle, decisionWhy, type Decision } from './decision-entries.server';

/** A line of the patient record's timeline: the console's enduser timeline plus chats, notes, files, tasks and automation decisions. */
export type PatientEntry = Omit<TimelineEntry, 'kind'> & {
  kind: TimelineEntry['kind'] | 'Chat' | 'Note' | 'File' | 'Task' | 'Automation' | 'Vital signs' | 'Call' | 'Voicemail';
  /** Chats: who wrote it, by name. */
  by?: string;
};

const at = (...values: unknown[]) => {
  for (const value of values) {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isFinite(ms) && ms > 0) return ms;
  }
  return 0;
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The record's own sources beside the enduser timeline's: chats both ways, staff notes, files,
 * tasks and why automations fired or not. `nameOf` names a staff member by id (chats from staff say who wrote them).
 */
export const recordEntries = (
  enduserId: string,
  nameOf: (userId: string) => string | undefined,
  { notes, files, tickets, todos, chats, decisions }: { notes: Row[]; files: Row[]; tickets: Row[]; todos: Row[]; chats: Row[]; decisions: Decision[] },
): PatientEntry[] => [
    // Why an automation fired or not ("Why it fired"): each trigger evaluation and step-condition check.
    ...decisions.map((decision) => ({
      key: `decision-${decision.id}`,
      at: at(decision.at),
      kind: 'Automation' as const,
      summary: decisionTitle(decision),
      detail: decisionWhy(decision),
      status: decision.fired ? 'fired' : 'not fired',
    })),
    ...chats.map((row) => {
      const inbound = row.senderId === enduserId;
      return { key: `chat-${row.id}`, at: at(row.createdAt), kind: 'Chat' as const, summary: text(row.message) || 'An attachment', inbound, by: inbound ? undefined : nameOf(text(row.senderId)) };
    }),
    ...notes.map((row) => ({ key: `note-${row.id}`, at: at(row.createdAt), kind: 'Note' as const, summary: text(row.title) || 'Note', detail: text(row.text) || undefined })),
    ...files.map((row) => ({ key: `file-${row.id}`, at: at(row.createdAt), kind: 'File' as const, summary: text(row.name) || 'File', inbound: row.creator === enduserId })),
    ...tickets.map((row) => ({
      key: `task-${row.id}`,
      at: at(row.closedAt, row.createdAt),
      kind: 'Task' as const,
      summary: text(row.title) || 'Task',
      status: row.closedAt ? 'done' : 'open',
    })),
    ...todos.map((row) => ({ key: `todo-${row.id}`, at: at(row.createdAt), kind: 'Task' as const, summary: text(row.text) || 'To-do', status: row.completed === true ? 'done' : 'open' })),
];
