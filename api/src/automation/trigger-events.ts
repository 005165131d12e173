import { enduserValue, responsesMatch } from '@carelane/automation';
import { resourceByName, type TriggerRule } from '@carelane/db';
import type { DomainEvent } from '@carelane/engine';

type Row = Record<string, any>;

/** One automation-trigger event a domain change amounts to, for one enduser. */
export interface TriggerFiring {
  type: string;
  enduserId: string;
  /** The record and moment that fired it: the same source never runs a trigger twice. */
  sourceId?: string;
  /**
   * Whether a trigger's `event.info` accepts this firing (form ids, titles, field and value ...);
   * `triggerEvent` is the trigger's whole event, for rules beside info (a form's answer `conditions`).
   */
  matches: (info: Row, triggerEvent?: Row) => boolean;
  /**
   * The enduser as this change left them, when the changed record is the enduser: the trigger's
   * enduserCondition is judged on it, not on a later state, so one trigger's write (a tag) never
   * makes another trigger fire for the same change (no chained triggers).
   */
  enduser?: Row;
  /** A rule of the trigger's info on the enduser as they are now ('Incoming Message' with noCareTeam); the dispatcher reads the enduser for it. */
  enduserCheck?: (info: Row, enduser: Row) => boolean;
}

/**
 * 'Field Equals': the change wrote the enduser's field (a top-level field or a custom field) and it
 * now equals the value ('$exists': it now has a value). For `tags` it means the tag was added.
 */
const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

const fieldHolds = (enduser: Row | undefined, field: string, value: string) => {
  if (!enduser) return false;
  const current = enduserValue(enduser, field);
  if (value === '$exists') return hasValue(current);
  if (Array.isArray(current)) return current.map(String).includes(String(value));
  if (current === undefined || current === null) return false;
  return String(current).toLowerCase() === String(value).toLowerCase();
};

/**
 * Whether the change gave the field a new value: any field on create; on update, a top-level field
 * the update names or a custom field, when its value moved (a client echoing the record back
 * unchanged fires nothing).
 */
const wroteField = (event: DomainEvent, field: string) => {
  if (event.kind === 'created') return true;
  const changes = event.changes ?? {};
  const record = event.record as Row;
  const moved = () => JSON.stringify(enduserValue(record, field) ?? null) !== JSON.stringify((event.previous ? enduserValue(event.previous as Row, field) : undefined) ?? null);
  if (field !== 'fields' && Object.hasOwn(record, field)) return Object.hasOwn(changes, field) && moved();
  return changes.fields !== undefined && moved();
};

const fieldEquals = (event: DomainEvent, field: string, value: string) => {
  if (!fieldHolds(event.record as Row, field, value)) return false;
  // Tags: only a tag that was added (another change to the enduser does not fire it again).
  if (field === 'tags') return event.kind !== 'updated' || !fieldHolds(event.previous as Row | undefined, field, value);
  return wroteField(event, field);
};

const listed = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []);

/**
 * 'Incoming Message' (the reference client's info: channels, keywords, destinations, noCareTeam):
 * every list that is set must hold the message's value. A keyword matches the message's first word
 * (carriers' keywords are whole first words: STOP, YES), case and punctuation aside; a destination is
 * the number or address the message was sent to.
 */
const incomingMessageMatches = (event: DomainEvent, info: Row) => {
  const record = event.record as Row;
  const channel = event.resource === 'emails' ? 'Email' : event.resource === 'sms_messages' ? 'SMS' : 'Chat';
  const channels = listed(info.channels);
  if (channels.length && !channels.some((item) => item.toLowerCase() === channel.toLowerCase())) return false;
  const keywords = listed(info.keywords);
  const text = String(record.message ?? record.textContent ?? '');
  const firstWord = text.trim().split(/\s+/)[0]?.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase() ?? '';
  if (keywords.length && !keywords.some((keyword) => keyword.trim().toLowerCase() === firstWord)) return false;
  const destinations = listed(info.destinations);
  const destination = String(record.businessPhoneNumber ?? '').toLowerCase();
  if (destinations.length && !destinations.some((item) => item.trim().toLowerCase() === destination)) return false;
  return true;
};

/** 'Incoming Message' with noCareTeam: only for a patient no staff member is assigned to. */
const noCareTeamHolds = (info: Row, enduser: Row) => !info.noCareTeam || listed(enduser.assignedTo).length === 0;

/** The matchers a definition's trigger rules name (db/src/resources/policy.ts TriggerRule.matches). */
const MATCHERS: Record<NonNullable<TriggerRule['matches']>, (event: DomainEvent) => (info: Row, triggerEvent?: Row) => boolean> = {
  formSubmitted: (event) => (info, triggerEvent) => {
    const record = event.record as Row;
    const formMatches = info.formId === record.formId || (Array.isArray(info.otherFormIds) && info.otherFormIds.includes(record.formId));
    const byEnduser = record.submittedBy === record.enduserId;
    return (
      formMatches &&
      (!info.submitterType || info.submitterType === 'Anyone' || (info.submitterType === 'enduser') === byEnduser) &&
      // The trigger's conditions on the answers, keyed by form field id.
      responsesMatch(record.responses, triggerEvent?.conditions)
    );
  },
  fieldEquals: (event) => (info) => typeof info.field === 'string' && fieldEquals(event, info.field, info.value),
  incomingMessage: (event) => (info) => incomingMessageMatches(event, info),
  appointment: (event) => (info) => {
    const record = event.record as Row;
    return (
      (!Array.isArray(info.titles) || info.titles.length === 0 || info.titles.includes(record.title)) &&
      (!Array.isArray(info.templateIds) || info.templateIds.length === 0 || info.templateIds.includes(record.templateId))
    );
  },
};

const newlySet = (event: DomainEvent, field: string) => Boolean(event.changes?.[field]) && !event.previous?.[field];

const happened = (rule: TriggerRule, event: DomainEvent) => {
  const { when } = rule;
  if (event.kind === 'deleted') return false;
  if (rule.only && Object.entries(rule.only).some(([field, value]) => event.record[field] !== value)) return false;
  if ('created' in when) return event.kind === 'created';
  if ('createdOrUpdated' in when) return true;
  if ('changed' in when)
    return event.kind === 'updated' && event.changes?.[when.changed] !== undefined && event.previous?.[when.changed] !== event.record[when.changed];
  if (event.kind === 'created') return Boolean(when.alsoOnCreate) && when.set.some((field) => Boolean(event.record[field]));
  return when.set.some((field) => newlySet(event, field));
};

const endusersOf = (rule: TriggerRule, record: Row): string[] => {
  const { enduser } = rule;
  if ('self' in enduser) return [record._id];
  if ('field' in enduser) return typeof record[enduser.field] === 'string' ? [record[enduser.field]] : [];
  return ((record[enduser.attendees] as { type: string; id: string }[] | null) ?? [])
    .filter((attendee) => attendee.type === 'enduser')
    .map((attendee) => attendee.id);
};

const sourceOf = (rule: TriggerRule, record: Row) => {
  const { source } = rule;
  if (!source) return undefined;
  if ('record' in source) return String(record._id);
  if ('prefix' in source) return `${source.prefix}${record._id}`;
  return `${record._id}-${source.suffix}${source.suffixField ? String(record[source.suffixField]) : ''}`;
};

/** The trigger events (docs/contract/automations.md#triggers) a committed change amounts to, by its resource's `triggers` rules. */
export const triggerEventsFor = (event: DomainEvent): TriggerFiring[] => {
  const rules = resourceByName.get(event.resource)?.triggers ?? [];
  const record = event.record as Row;
  return rules
    .filter((rule) => happened(rule, event))
    .flatMap((rule) => {
      const matches = rule.matches ? MATCHERS[rule.matches](event) : () => true;
      const sourceId = sourceOf(rule, record);
      const enduser = 'self' in rule.enduser ? record : undefined;
      const enduserCheck = rule.matches === 'incomingMessage' ? noCareTeamHolds : undefined;
      return endusersOf(rule, record).map((enduserId) => ({
        type: rule.type,
        enduserId,
        ...(sourceId ? { sourceId } : {}),
        ...(enduser ? { enduser } : {}),
        ...(enduserCheck ? { enduserCheck } : {}),
        matches,
      }));
    });
};
