import type { DashboardAnswer } from '@carelane/automation';
import type { Session } from '@tellescope/sdk';
import type { RunningApi } from '../support/api-server';
import { setTimes } from './support';

export const DAY = 86_400_000;

/** The Monday (UTC) that starts this week, as the dashboard buckets weeks. */
export const thisMonday = (now = new Date()) => {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
};

export type Dashboard = DashboardAnswer;

/**
 * Fixture for the dashboard (also the browser walk's): four patients (two this week, one last week,
 * one 20 weeks ago), three appointments this week (booked, cancelled, completed) beside an event
 * without a patient and an old one, one completed form and one in progress, two emails, a text and
 * a chat, and a journey with its patients in New, Active and Done.
 */
export const seedDashboard = async (api: RunningApi, admin: Session, title: string) => {
  const monday = thisMonday();
  const patients = [];
  for (const fname of ['Ada', 'Ben', 'Cy', 'Dee']) patients.push(await admin.api.endusers.createOne({ fname } as never));
  const [ada, ben, cy, dee] = patients;
  await setTimes(api, 'endusers', cy.id, { createdAt: new Date(monday.getTime() - 3 * DAY).toISOString() });
  await setTimes(api, 'endusers', dee.id, { createdAt: new Date(monday.getTime() - 140 * DAY).toISOString() });

  const visit = (fields: Record<string, unknown>, start = Date.now() + DAY, attendees = [{ type: 'enduser', id: ada.id }]) =>
    admin.api.calendar_events.createOne({ title: 'Visit', startTimeInMS: start, durationInMinutes: 30, attendees, ...fields } as never);
  await visit({});
  await visit({ cancelledAt: new Date() });
  await visit({ completedAt: new Date() });
  await visit({}, Date.now() + DAY, []);
  await visit({}, monday.getTime() - 140 * DAY);

  const form = await admin.api.forms.createOne({ title: 'Intake' });
  const done = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: ada.id });
  await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: ben.id });
  await api.dataSource.getRepository('form_responses').update({ _id: done.response.id }, { submittedAt: new Date() });

  await admin.api.emails.createOne({ enduserId: ada.id, subject: 'Hello', textContent: 'Hi', logOnly: true });
  await admin.api.emails.createOne({ enduserId: ben.id, subject: 'Hello', textContent: 'Hi', logOnly: true });
  await admin.api.sms_messages.createOne({ enduserId: ada.id, message: 'Hi', logOnly: true });
  const room = await admin.api.chat_rooms.createOne({ title: 'Ada', type: 'external', enduserIds: [ada.id] });
  await admin.api.chats.createOne({ roomId: room.id, message: 'Hello' });

  const journey = await admin.api.journeys.createOne({
    title,
    states: [{ name: 'New', priority: 'N/A' }, { name: 'Active', priority: 'N/A' }, { name: 'Done', priority: 'N/A' }],
  } as never);
  // A fixture step: patients placed in states directly (adding them through the api would start the journey's automations).
  const repository = api.dataSource.getRepository('endusers');
  for (const [patient, state] of [[ada, 'Active'], [ben, 'Active'], [cy, 'New'], [dee, 'Done']] as const) {
    await repository.update({ _id: patient.id }, { journeys: { [journey.id]: state } });
  }
  return { monday, journey };
};

