/**
 * An appointment type (calendar_event_templates) as its form shows it, and back: confirmations are
 * asked as "send" (the record keeps "disabled" flags), patient reminders as a choice of times before
 * the visit (other reminder kinds, set up elsewhere, are kept as they are), care-plan tasks one a line.
 */
export interface AppointmentTypeValues {
  title: string;
  durationInMinutes: string;
  description: string;
  color: string;
  enableVideoCall: boolean;
  enableSelfScheduling: boolean;
  restrictedByState: boolean;
  bufferStartMinutes: string;
  bufferEndMinutes: string;
  sendConfirmationEmail: boolean;
  sendConfirmationSMS: boolean;
  patientReminders: string[];
  carePlanForms: string[];
  carePlanContent: string[];
  carePlanTasks: string;
}

type Reminder = { type?: string; msBeforeStartTime?: number; info?: unknown; didRemind?: boolean };

const MINUTE = 60_000;
export const REMINDER_CHOICES = [7 * 24 * 60, 2 * 24 * 60, 24 * 60, 2 * 60, 60, 15].map((minutes) => minutes * MINUTE);

/** 86400000 -> "1 day before". */
export const reminderLabel = (ms: number) => {
  const minutes = Math.round(ms / MINUTE);
  const [amount, unit] = minutes % (7 * 1440) === 0 && minutes > 0 ? [minutes / (7 * 1440), 'week'] : minutes % 1440 === 0 && minutes > 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 && minutes > 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} before`;
};

const isPatientReminder = (reminder: Reminder) => reminder.type === 'enduser-notification';
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

export const appointmentTypeValues = (record: Record<string, unknown> | undefined): AppointmentTypeValues => {
  const reminders = (Array.isArray(record?.reminders) ? record.reminders : []) as Reminder[];
  return {
    title: text(record?.title),
    durationInMinutes: record ? text(record.durationInMinutes) : '30',
    description: text(record?.description),
    color: text(record?.color) || '#3b82f6',
    enableVideoCall: record?.enableVideoCall === true,
    enableSelfScheduling: record ? record.enableSelfScheduling === true : true,
    restrictedByState: record?.restrictedByState === true,
    bufferStartMinutes: text(record?.bufferStartMinutes),
    bufferEndMinutes: text(record?.bufferEndMinutes),
    sendConfirmationEmail: record?.confirmationEmailDisabled !== true,
    sendConfirmationSMS: record?.confirmationSMSDisabled !== true,
    patientReminders: reminders.filter(isPatientReminder).map((reminder) => String(reminder.msBeforeStartTime ?? 0)),
    carePlanForms: ids(record?.carePlanForms),
    carePlanContent: ids(record?.carePlanContent),
    carePlanTasks: ids(record?.carePlanTasks).join('\n'),
  };
};

const numberOrEmpty = (value: unknown) => {
  const trimmed = text(value).trim();
  return trimmed === '' ? '' : Number(trimmed);
};

/** The record's fields from the form's values, keeping the reminders the form does not show. */
export const appointmentTypeRecord = (values: Partial<Record<keyof AppointmentTypeValues, unknown>>, existing: Record<string, unknown> | undefined) => {
  const kept = ((Array.isArray(existing?.reminders) ? existing.reminders : []) as Reminder[]).filter((reminder) => !isPatientReminder(reminder));
  const previous = new Map(((Array.isArray(existing?.reminders) ? existing.reminders : []) as Reminder[]).filter(isPatientReminder).map((reminder) => [String(reminder.msBeforeStartTime), reminder]));
  const chosen = [...new Set(ids(values.patientReminders))].map((ms) => previous.get(ms) ?? { type: 'enduser-notification', msBeforeStartTime: Number(ms) });
  return {
    title: text(values.title).trim(),
    durationInMinutes: numberOrEmpty(values.durationInMinutes),
    description: text(values.description),
    color: text(values.color),
    enableVideoCall: values.enableVideoCall === true,
    enableSelfScheduling: values.enableSelfScheduling === true,
    restrictedByState: values.restrictedByState === true,
    bufferStartMinutes: numberOrEmpty(values.bufferStartMinutes),
    bufferEndMinutes: numberOrEmpty(values.bufferEndMinutes),
    confirmationEmailDisabled: values.sendConfirmationEmail !== true,
    confirmationSMSDisabled: values.sendConfirmationSMS !== true,
    reminders: [...kept, ...chosen],
    carePlanForms: ids(values.carePlanForms),
    carePlanContent: ids(values.carePlanContent),
    carePlanTasks: text(values.carePlanTasks)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
};
