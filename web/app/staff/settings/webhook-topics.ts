/** The record types offered for subscriptions, by what staff call them (the api names are the keys). */
export const WEBHOOK_TOPICS: Record<string, { one: string; many: string }> = {
  endusers: { one: 'Patient', many: 'Patients' },
  calendar_events: { one: 'Appointment', many: 'Appointments' },
  form_responses: { one: 'Form response', many: 'Form responses' },
  tickets: { one: 'Task', many: 'Tasks' },
  chats: { one: 'Chat message', many: 'Chat messages' },
  emails: { one: 'Email', many: 'Emails' },
  sms_messages: { one: 'Text message', many: 'Text messages' },
  purchases: { one: 'Purchase', many: 'Purchases' },
};
export const OPERATIONS = [
  ['create', 'created'],
  ['update', 'changed'],
  ['delete', 'deleted'],
] as const;

/** A delivery's subject in words: 'Test delivery', 'Patient created' (an unlisted record type by its own name). */
export const deliveryLabel = (event: string) => {
  const [model, type] = event.split(' ');
  const topic = model ? WEBHOOK_TOPICS[model] : undefined;
  const done = OPERATIONS.find(([operation]) => operation === type)?.[1];
  if (!done) return event;
  return `${topic?.one ?? model!.replace(/_/g, ' ')} ${done}`;
};

