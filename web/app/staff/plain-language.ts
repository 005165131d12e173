import { JOURNEY_ACTIONS, JOURNEY_ACTION_TYPES, JOURNEY_EVENTS, JOURNEY_EVENT_TYPES } from '@carelane/automation';

/**
 * Texts the staff app shows that it did not write itself (a failure's reason, a stored title) read in
 * plain language: no record ids and no internal type names (ARCHITECTURE.md, "The staff app": ids
 * never reach the screen; CONVENTIONS.md 13c: labels come from the automation catalogue).
 */

const LABELS = new Map<string, string>([
  ...JOURNEY_ACTION_TYPES.map((type) => [type, JOURNEY_ACTIONS[type].label] as const),
  ...JOURNEY_EVENT_TYPES.map((type) => [type, JOURNEY_EVENTS[type].label] as const),
]);
const TYPE_NAMES = new RegExp(`\\b(${[...LABELS.keys()].join('|')})\\b`, 'g');
const RECORD_ID = /\b[0-9a-f]{24}\b/;

/** An event or action type as staff read it; a type the catalogue does not list is not named. */
export const eventLabel = (type: string) => (JOURNEY_EVENT_TYPES as readonly string[]).includes(type) ? LABELS.get(type)! : 'An event this app does not know';
export const actionLabel = (type: string) => (JOURNEY_ACTION_TYPES as readonly string[]).includes(type) ? LABELS.get(type)! : 'An action this app does not know';

/**
 * Free text with every catalogue type name replaced by its label and every record id left out
 * ('Template 64ab… not found' reads 'Template not found'). For texts whose records we cannot name.
 */
export const plainText = (text: string) =>
  text
    .replace(TYPE_NAMES, (type) => `'${LABELS.get(type)}'`)
    .replace(/\s*\(?\b(?:id\s*)?[0-9a-f]{24}\b\)?/gi, '')
    .replace(/\s{2,}/g, ' ')
    .trim();

/** Whether a text still holds an id or an internal name (the plain-language test's rule, for unit checks). */
export const hasInternalWords = (text: string) => RECORD_ID.test(text) || new RegExp(TYPE_NAMES.source).test(text);

/** A background error's stored title ('Automation step failed (sendEmail)') in words: 'Automation step failed: Send email'. */
export const errorTitle = (title: string) => {
  const named = /^(.*?)\s*\((\w+)\)$/.exec(title);
  if (named && LABELS.has(named[2]!)) return `${named[1]}: ${LABELS.get(named[2]!)}`;
  return plainText(title);
};

/**
 * A background error's message without the bookkeeping the worker writes for the app itself
 * ('Automated action <id> (step <id>) failed: <reason>', activities/src/step-settling.ts): the reason.
 */
export const errorReason = (message: string) => plainText(message.replace(/^Automated action [0-9a-f]{24} \(step [0-9a-f]{24}\) failed: /, ''));
