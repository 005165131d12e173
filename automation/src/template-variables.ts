/**
 * The variables a message template may use, in one place: the server's renderer
 * (activities/src/channels/template.ts) resolves exactly these namespaces, and the staff app's
 * template editor offers the variables below, so staff can only pick what the renderer fills in.
 */

/** A namespace as written in a template, and the record the renderer reads it from. */
export const TEMPLATE_NAMESPACES = {
  enduser: 'enduser',
  user: 'user',
  sender: 'user',
  organization: 'organization',
  journey: 'journey',
  journeyContext: 'journey',
  calendar_event: 'calendar_event',
} as const;
export type TemplateNamespace = keyof typeof TEMPLATE_NAMESPACES;
export type TemplateRecord = (typeof TEMPLATE_NAMESPACES)[TemplateNamespace];

export interface TemplateVariable {
  /** What is typed into the template, e.g. {{enduser.fname}}. */
  token: string;
  /** The picker's words for it. */
  label: string;
  group: 'Patient' | 'Sender' | 'Organization';
}

const variable = (group: TemplateVariable['group'], namespace: TemplateNamespace, field: string, label: string): TemplateVariable => ({
  token: `{{${namespace}.${field}}}`,
  label,
  group,
});

/**
 * What the picker offers: the patient's, the sender's and the organization's fields that every message
 * can fill. Journey context and appointment fields are left out: only some steps and reminders have
 * them, so a template that used them would render empty elsewhere.
 */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  variable('Patient', 'enduser', 'fname', 'First name'),
  variable('Patient', 'enduser', 'lname', 'Last name'),
  variable('Patient', 'enduser', 'email', 'Email'),
  variable('Patient', 'enduser', 'phone', 'Phone'),
  variable('Patient', 'enduser', 'dateOfBirth', 'Date of birth'),
  variable('Sender', 'sender', 'fname', 'First name'),
  variable('Sender', 'sender', 'lname', 'Last name'),
  variable('Sender', 'sender', 'email', 'Email'),
  variable('Organization', 'organization', 'name', 'Name'),
];

/** A patient's custom field by its name, as the renderer reads it ({{enduser.custom.Plan}}). */
export const customFieldToken = (name: string) => `{{enduser.custom.${name.trim().replace(/[{}]/g, '')}}}`;

/** The most a text message template may hold (the spec's SMS maximum). */
export const SMS_MAX_LENGTH = 630;
