import type { Picker } from './shape';

/** Looks up what staff call a record a setting names (a template's title, a step's sentence ...); undefined when unknown. */
export type NameOf = (picker: Picker, id: unknown) => string | undefined;

export type Info = Record<string, unknown>;

/** A record's name in quotes, or a plain stand-in when it is not known (never its id). */
export const quoted = (name: string | undefined, missing: string) => (name ? `'${name}'` : missing);

const UNIT_WORDS: Record<string, [string, string]> = { Days: ['day', 'days'], Hours: ['hour', 'hours'], Minutes: ['minute', 'minutes'], Seconds: ['second', 'seconds'] };

/** '3 days', '1 hour'; an unknown unit stays as written. */
export const duration = (amount: unknown, unit: unknown) => {
  const count = Number(amount ?? 0);
  const words = UNIT_WORDS[String(unit ?? 'Days')] ?? [String(unit).toLowerCase(), String(unit).toLowerCase()];
  return `${count} ${count === 1 ? words[0] : words[1]}`;
};

const SPANS: [string, number][] = [['Days', 86_400_000], ['Hours', 3_600_000], ['Minutes', 60_000], ['Seconds', 1000]];

/** A span in milliseconds as an amount of its largest whole unit: 172800000 is [2, 'Days'], 5400000 is [90, 'Minutes']. */
export const spanOf = (ms: unknown): [number, string] => {
  const value = Math.max(0, Number(ms) || 0);
  const [unit, size] = SPANS.find(([, size]) => value % size === 0 && value >= size) ?? ['Seconds', 1000];
  return [Math.round(value / size), unit];
};

/** A list of words for a sentence: 'a', 'a and b', 'a, b and c'. */
export const listed = (values: unknown) => {
  const items = (Array.isArray(values) ? values : []).map(String).filter(Boolean);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
};

const OWNER_WORDS: Record<string, string> = {
  enduser: "patient's",
  user: "sender's",
  sender: "sender's",
  organization: "organization's",
  calendar_event: "appointment's",
  journey: "journey's",
};
const FIELD_WORDS: Record<string, string> = { fname: 'first name', lname: 'last name', dateOfBirth: 'date of birth', startTimeInMS: 'start time', durationInMinutes: 'length' };

/**
 * A text that may hold template variables, as staff read it before it is filled in:
 * "Call {{enduser.fname}} about intake" reads "Call [patient's first name] about intake".
 */
export const readableTemplate = (text: unknown) =>
  String(text ?? '').replace(/\{\{\s*([\w]+)\.([^}]+?)\s*\}\}/g, (_match, owner: string, field: string) => {
    const words = FIELD_WORDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[._]/g, ' ').toLowerCase();
    return `[${OWNER_WORDS[owner] ?? `${owner.replace(/_/g, ' ')}'s`} ${words}]`;
  });

/** One catalogue entry: its type, what staff read for it, its input, and the sentence a configured one reads as. */
export interface CatalogueEntry<Type extends string = string> {
  type: Type;
  /** What staff pick from a list ('Send email', 'When the journey starts'). */
  label: string;
  /** The `info` it takes: its fields; null when it takes none; 'any' for free-form settings (any JSON object, bounded). */
  info: import('./shape').InfoShape | null | 'any';
  /** The configured entry in words ("Send email 'Welcome'", "3 days after 'Send email …'"). */
  describe: (info: Info, nameOf: NameOf) => string;
  /** It emails or texts the patient, so an organization's quiet hours hold it (automation/src/time/quiet-hours.ts). */
  reachesPatient?: true;
}
