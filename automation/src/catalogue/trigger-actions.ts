import { listed, quoted, type CatalogueEntry, type NameOf } from './describe';
import { fieldSetters, settersInWords, stringsWithQualifier } from './journey-actions';
import { f } from './shape';

/** What an automation trigger does (automation_triggers.action.type): the reference client's list. */
export const TRIGGER_ACTION_TYPES = [
  'Add To Journey', 'Remove From Journey', 'Move To Step', 'Set Fields', 'Add Tags', 'Remove Tags', 'Add Access Tags',
  'Assign Care Team', 'Remove Care Team', 'Remove From All Journeys', 'Canvas: Add Patient', 'Zus: Delete Enrollment',
  'Require Form Followups', 'Add to Waitlist', 'Grant Access From Waitlist',
] as const;
export type TriggerActionType = (typeof TRIGGER_ACTION_TYPES)[number];

/**
 * Who joins or leaves the care team: staff named directly (picked by name in the console), or the
 * reference client's staff tags with a qualifier; either may be given (docs/decisions.md, "Care-team triggers").
 */
const careTeam = { userIds: f.opt(f.list(f.id(), 'staff'), 'Staff'), tags: f.opt(stringsWithQualifier, 'Staff tags') };
const staffNames = (info: Record<string, unknown>, nameOf: NameOf) =>
  listed((Array.isArray(info.userIds) ? info.userIds : []).map((id) => nameOf('staff', id) ?? 'a staff member')) || 'the staff with these tags';
const tagList = (info: Record<string, unknown>) => listed((info.tags as unknown[] | undefined)?.map((tag) => `'${String(tag)}'`));

export const TRIGGER_ACTIONS: { [T in TriggerActionType]: CatalogueEntry<T> } = {
  'Add To Journey': {
    type: 'Add To Journey',
    label: 'Add to a journey',
    info: { journeyId: f.req(f.id('journey'), 'Journey'), doNotRestart: f.opt(f.boolean) },
    describe: (info, nameOf) => `Add to the journey ${quoted(nameOf('journey', info.journeyId), 'a journey')}`,
  },
  'Remove From Journey': {
    type: 'Remove From Journey',
    label: 'Remove from a journey',
    info: { journeyId: f.req(f.id('journey'), 'Journey') },
    describe: (info, nameOf) => `Remove from the journey ${quoted(nameOf('journey', info.journeyId), 'a journey')}`,
  },
  'Move To Step': { type: 'Move To Step', label: 'Let a waiting journey go on', info: null, describe: () => 'Let journeys waiting for this trigger go on' },
  'Set Fields': { type: 'Set Fields', label: 'Set patient fields', info: { fields: f.req(fieldSetters, 'Fields') }, describe: (info, nameOf) => settersInWords(info, nameOf) },
  'Add Tags': {
    type: 'Add Tags',
    label: 'Add tags',
    info: { tags: f.req(f.list(f.string(), 'tags'), 'Tags'), replaceExisting: f.opt(f.boolean) },
    describe: (info) => `Add ${tagList(info)}`,
  },
  'Remove Tags': { type: 'Remove Tags', label: 'Remove tags', info: { tags: f.req(f.list(f.string(), 'tags'), 'Tags') }, describe: (info) => `Remove ${tagList(info)}` },
  'Add Access Tags': { type: 'Add Access Tags', label: 'Add access tags', info: { tags: f.req(f.list(f.string(), 'tags'), 'Tags') }, describe: (info) => `Add access tags ${tagList(info)}` },
  'Assign Care Team': {
    type: 'Assign Care Team',
    label: "Add staff to the patient's care team",
    info: { ...careTeam, limitToOneUser: f.opt(f.boolean) },
    describe: (info, nameOf) => `Add ${staffNames(info, nameOf)} to the patient's care team`,
  },
  'Remove Care Team': {
    type: 'Remove Care Team',
    label: "Remove staff from the patient's care team",
    info: careTeam,
    describe: (info, nameOf) => `Remove ${staffNames(info, nameOf)} from the patient's care team`,
  },
  'Remove From All Journeys': { type: 'Remove From All Journeys', label: 'Remove from every journey', info: null, describe: () => 'Remove from every journey' },
  'Canvas: Add Patient': { type: 'Canvas: Add Patient', label: 'Add the patient to Canvas', info: null, describe: () => 'Add the patient to Canvas' },
  'Zus: Delete Enrollment': {
    type: 'Zus: Delete Enrollment',
    label: 'Delete a Zus enrollment',
    info: { packageId: f.req(f.string(100), 'Package') },
    describe: () => 'Delete the Zus enrollment',
  },
  'Require Form Followups': {
    type: 'Require Form Followups',
    label: 'Require form follow-ups',
    info: { formIds: f.req(f.list(f.id(), 'form'), 'Forms') },
    describe: () => 'Require form follow-ups',
  },
  'Add to Waitlist': {
    type: 'Add to Waitlist',
    label: 'Add to a waitlist',
    info: { waitlistId: f.req(f.id('waitlist'), 'Waitlist') },
    describe: (info, nameOf) => `Add to the waitlist ${quoted(nameOf('waitlist', info.waitlistId), 'a waitlist')}`,
  },
  'Grant Access From Waitlist': {
    type: 'Grant Access From Waitlist',
    label: 'Let patients in from a waitlist',
    info: { waitlistId: f.req(f.id('waitlist'), 'Waitlist'), count: f.req(f.number(), 'How many') },
    describe: (info, nameOf) => {
      const count = Number(info.count ?? 0);
      return `Let ${count === 1 ? '1 patient' : `${count} patients`} in from the waitlist ${quoted(nameOf('waitlist', info.waitlistId), 'a waitlist')}`;
    },
  },
};
