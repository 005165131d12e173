import { listed, quoted, readableTemplate, type CatalogueEntry } from './describe';
import { COMMUNICATION_CHANNELS, f, type InfoShape } from './shape';

/** What a journey step does (automation_steps.action.type). */
export const JOURNEY_ACTION_TYPES = [
  'sendEmail', 'sendSMS', 'sendChat', 'sendForm', 'notifyTeam', 'setEnduserStatus', 'createTicket', 'sendWebhook', 'shareContent',
  'addEnduserTags', 'removeEnduserTags', 'setEnduserFields', 'addToJourney', 'removeFromJourney', 'removeFromAllJourneys',
  'createCarePlan', 'completeCarePlan', 'completeTickets', 'cancelFutureAppointments',
] as const;
export type JourneyActionType = (typeof JOURNEY_ACTION_TYPES)[number];

/** { qualifier: 'One Of' | 'All Of', values } (care-team tags in automations). */
const qualifiedStrings: InfoShape = { qualifier: f.req(f.oneOf(['One Of', 'All Of'])), values: f.req(f.list(f.string())) };
export const stringsWithQualifier = f.object(qualifiedStrings);

const senderAssignment = f.opt(f.byType({ 'Care Team Primary': null, Default: null }));
const message: InfoShape = {
  senderId: f.req(f.id('staff'), 'From'),
  templateId: f.req(f.id('template'), 'Template'),
  assignment: senderAssignment,
  sendToDestinationOfRelatedContactTypes: f.opt(f.list(f.string())),
};

/** Enduser field setters ('Custom Value', 'Current Timestamp', 'Current Date', 'Increment Number'). */
export const fieldSetters = f.list(f.object({ name: f.req(f.string()), type: f.req(f.string()), value: f.req(f.text()), increment: f.opt(f.number()) }));

/**
 * Field setters in words: "Set 'Tier' to 'VIP'", "Set 'Last visit' to today's date", "Add 1 to 'Visits'";
 * a field is named as staff know it (nameOf 'field'), else by its own name.
 */
export const settersInWords = (info: Record<string, unknown>, nameOf: Parameters<CatalogueEntry['describe']>[1]) => {
  const setters = Array.isArray(info.fields) ? (info.fields as { name?: unknown; type?: unknown; value?: unknown; increment?: unknown }[]) : [];
  if (setters.length === 0) return 'Set patient fields';
  const words = setters.map((setter) => {
    const field = `'${nameOf('field', setter.name) ?? String(setter.name ?? '')}'`;
    switch (setter.type) {
      case 'Current Date':
        return `${field} to today's date`;
      case 'Current Timestamp':
        return `${field} to the current time`;
      case 'Increment Number':
        return `${field} up by ${String(typeof setter.increment === 'number' ? setter.increment : Number(setter.value) || 1)}`;
      default:
        return `${field} to '${String(setter.value ?? '')}'`;
    }
  });
  return `Set ${listed(words)}`;
};

const template = (info: Record<string, unknown>, nameOf: Parameters<CatalogueEntry['describe']>[1]) => quoted(nameOf('template', info.templateId), 'a template');
const journey = (info: Record<string, unknown>, nameOf: Parameters<CatalogueEntry['describe']>[1]) => quoted(nameOf('journey', info.journeyId), 'a journey');
const tags = (info: Record<string, unknown>) => listed((info.tags as unknown[] | undefined)?.map((tag) => `'${String(tag)}'`));

export const JOURNEY_ACTIONS: { [T in JourneyActionType]: CatalogueEntry<T> } = {
  sendEmail: {
    type: 'sendEmail',
    label: 'Send email',
    info: { ...message, fromEmailOverride: f.opt(f.email) },
    describe: (info, nameOf) => `Send email ${template(info, nameOf)}`,
    reachesPatient: true,
  },
  sendSMS: { type: 'sendSMS', label: 'Send text message', info: message, describe: (info, nameOf) => `Send text ${template(info, nameOf)}`, reachesPatient: true },
  sendChat: {
    type: 'sendChat',
    label: 'Send chat message',
    info: {
      templateId: f.req(f.id('template'), 'Template'),
      identifier: f.req(f.string(100), 'Conversation'),
      includeCareTeam: f.opt(f.boolean),
      userIds: f.opt(f.list(f.id(), 'staff')),
    },
    describe: (info, nameOf) => `Send chat ${template(info, nameOf)} in '${String(info.identifier ?? 'Conversation')}'`,
  },
  sendForm: {
    type: 'sendForm',
    label: 'Send form',
    info: { senderId: f.req(f.id('staff'), 'From'), formId: f.req(f.id('form'), 'Form'), channel: f.opt(f.oneOf(COMMUNICATION_CHANNELS)), assignment: senderAssignment },
    describe: (info, nameOf) => `Send form ${quoted(nameOf('form', info.formId), 'a form')}${info.channel === 'SMS' ? ' by text' : ''}`,
    reachesPatient: true,
  },
  notifyTeam: {
    type: 'notifyTeam',
    label: 'Notify the care team',
    info: { templateId: f.req(f.id('template'), 'Template'), forAssigned: f.req(f.boolean), roles: f.opt(f.list(f.string())), tags: f.opt(stringsWithQualifier) },
    describe: (info, nameOf) => `Notify the care team with ${template(info, nameOf)}`,
  },
  setEnduserStatus: {
    type: 'setEnduserStatus',
    label: 'Set journey state',
    info: { status: f.req(f.string(250, 'state'), 'State') },
    describe: (info) => `Set the journey state to '${String(info.status ?? '')}'`,
  },
  createTicket: {
    type: 'createTicket',
    label: 'Create a task',
    info: {
      title: f.req(f.string(), 'Title'),
      description: f.opt(f.text()),
      htmlDescription: f.opt(f.text(100_000)),
      assignmentStrategy: f.req(
        f.byType({
          'care-team-random': null,
          'care-team-primary': null,
          'previous-owner': null,
          'by-tags': qualifiedStrings,
          queue: { queueId: f.req(f.id()), tags: f.opt(stringsWithQualifier) },
          'Recently-Booked Appointment Host': null,
          'Form Submitter for Journey Trigger': null,
          default: null,
        }),
      ),
      defaultAssignee: f.req(f.id('staff'), 'Assign to'),
      closeReasons: f.opt(f.list(f.string())),
      restrictByState: f.opt(f.boolean),
      restrictByCareTeam: f.opt(f.boolean),
      forCarePlan: f.opt(f.boolean),
      hiddenFromTickets: f.opt(f.boolean),
      actions: f.opt(f.list(f.json(5000))),
      dueDateOffsetInMS: f.opt(f.number()),
      skipDaysOfWeekForDueDate: f.opt(f.list(f.number(0, 6))),
      closeOnFinishedActions: f.opt(f.boolean),
      requireConfirmation: f.opt(f.boolean),
      reminders: f.opt(f.list(f.object({ msBeforeDueDate: f.req(f.number()), didRemind: f.opt(f.boolean), queueId: f.opt(f.id()) }))),
      priority: f.opt(f.number()),
      preserveContext: f.opt(f.boolean),
      tags: f.opt(f.list(f.string())),
      contextFormIds: f.opt(f.list(f.id())),
      contextEnduserFields: f.opt(f.list(f.string())),
    },
    describe: (info, nameOf) => `Create the task '${readableTemplate(info.title)}'${nameOf('staff', info.defaultAssignee) ? ` for ${nameOf('staff', info.defaultAssignee)}` : ''}`,
  },
  sendWebhook: {
    type: 'sendWebhook',
    label: 'Send a webhook',
    info: {
      message: f.req(f.string(5000), 'Message'),
      url: f.opt(f.url, 'Address'),
      secret: f.opt(f.string(), 'Signing secret'),
      fields: f.opt(f.list(f.object({ field: f.req(f.string(100)), value: f.req(f.text(5000)) }))),
    },
    describe: (info) => {
      const host = typeof info.url === 'string' ? /^[a-z]+:\/\/([^/:]+)/i.exec(info.url)?.[1] : undefined;
      return host ? `Send a webhook to ${host}` : "Send a webhook to the clinic's webhook address";
    },
  },
  shareContent: {
    type: 'shareContent',
    label: 'Share content',
    info: { managedContentRecordIds: f.req(f.list(f.id(), 'content'), 'Content') },
    describe: (info, nameOf) => `Share ${listed((info.managedContentRecordIds as unknown[] | undefined)?.map((id) => quoted(nameOf('content', id), 'an article'))) || 'content'}`,
  },
  addEnduserTags: {
    type: 'addEnduserTags',
    label: 'Add tags',
    info: { tags: f.req(f.list(f.string(), 'tags'), 'Tags'), replaceExisting: f.opt(f.boolean) },
    describe: (info) => `Add the tag${(info.tags as unknown[] | undefined)?.length === 1 ? '' : 's'} ${tags(info)}`,
  },
  removeEnduserTags: {
    type: 'removeEnduserTags',
    label: 'Remove tags',
    info: { tags: f.req(f.list(f.string(), 'tags'), 'Tags') },
    describe: (info) => `Remove the tag${(info.tags as unknown[] | undefined)?.length === 1 ? '' : 's'} ${tags(info)}`,
  },
  setEnduserFields: {
    type: 'setEnduserFields',
    label: 'Set patient fields',
    info: { fields: f.req(fieldSetters, 'Fields') },
    describe: (info) => `Set ${listed((info.fields as { name?: unknown }[] | undefined)?.map((field) => `'${String(field.name)}'`)) || 'fields'}`,
  },
  addToJourney: {
    type: 'addToJourney',
    label: 'Add to another journey',
    info: { journeyId: f.req(f.id('journey'), 'Journey') },
    describe: (info, nameOf) => `Add to the journey ${journey(info, nameOf)}`,
  },
  removeFromJourney: {
    type: 'removeFromJourney',
    label: 'Remove from a journey',
    info: { journeyId: f.req(f.id('journey'), 'Journey') },
    describe: (info, nameOf) => `Remove from the journey ${journey(info, nameOf)}`,
  },
  removeFromAllJourneys: { type: 'removeFromAllJourneys', label: 'Remove from every journey', info: null, describe: () => 'Remove from every journey' },
  createCarePlan: {
    type: 'createCarePlan',
    label: 'Create a care plan',
    info: {
      title: f.req(f.string(), 'Title'),
      htmlDescription: f.req(f.text(100_000), 'Description'),
      hideRemainingTicketsProgress: f.opt(f.boolean),
      highlightedEnduserFields: f.opt(f.list(f.string())),
      closeAutomaticallyByTicket: f.opt(f.boolean),
    },
    describe: (info) => `Create the care plan '${readableTemplate(info.title)}'`,
  },
  completeCarePlan: { type: 'completeCarePlan', label: "Complete this journey's care plans", info: null, describe: () => "Complete this journey's care plans" },
  completeTickets: {
    type: 'completeTickets',
    label: 'Close open tasks',
    info: { journeyIds: f.opt(f.list(f.id(), 'journey'), 'From journeys') },
    describe: (info, nameOf) => {
      const journeys = (info.journeyIds as unknown[] | undefined) ?? [];
      return journeys.length ? `Close the open tasks from ${listed(journeys.map((id) => quoted(nameOf('journey', id), 'a journey')))}` : 'Close the open tasks from this journey';
    },
  },
  cancelFutureAppointments: { type: 'cancelFutureAppointments', label: 'Cancel upcoming appointments', info: null, describe: () => 'Cancel upcoming appointments' },
};
