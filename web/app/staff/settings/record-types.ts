/**
 * The record types the role matrix editor offers, by the names staff know them (the api's resource
 * names stay behind the screen). Entries the matrix holds for other resources are kept as they are
 * when a role is saved.
 */
export const RECORD_TYPES = [
  ['endusers', 'Patients'],
  ['calendar_events', 'Appointments'],
  ['calendar_event_templates', 'Appointment types'],
  ['tickets', 'Tasks'],
  ['notes', 'Notes'],
  ['files', 'Files'],
  ['forms', 'Forms'],
  ['form_responses', 'Form responses'],
  ['journeys', 'Journeys'],
  ['automation_triggers', 'Automation triggers'],
  ['templates', 'Message templates'],
  ['emails', 'Emails'],
  ['sms_messages', 'Text messages'],
  ['chat_rooms', 'Chats'],
  ['meetings', 'Video meetings'],
  ['care_plans', 'Care plans'],
  ['enduser_observations', 'Vital signs and measurements'],
  ['managed_content_records', 'Content'],
  ['forums', 'Community forums'],
  ['products', 'Products'],
  ['purchases', 'Purchases'],
  ['databases', 'Databases'],
  ['database_records', 'Database entries'],
  ['analytics_frames', 'Analytics'],
  ['users', 'Team members'],
] as const;

export const OPERATIONS = ['create', 'read', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const OPERATION_LABELS: Record<Operation, string> = { create: 'Create', read: 'View', update: 'Edit', delete: 'Delete' };

/** The matrix's levels (docs/contract/access.md#permission-matrix), as staff read them; '' stands for null, no access. */
export const LEVELS = [
  ['Default', 'Standard'],
  ['All', 'All records'],
  ['Assigned', 'Only assigned'],
  ['', 'None'],
] as const;

export type Permissions = Record<string, Record<string, unknown>>;
export type RoleRecord = { id: string; role: string; permissions: Permissions };

/** A role's level for one cell, as the form field holds it ('' is no access). */
export const cellValue = (permissions: Permissions | undefined, resource: string, operation: string) => {
  const entry = permissions?.[resource];
  if (!entry || entry[operation] === undefined) return 'Default';
  return entry[operation] === null ? '' : String(entry[operation]);
};
