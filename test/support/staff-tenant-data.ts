import { EnduserSession, type Session } from '@tellescope/sdk';
import type { PortalHarness } from './portal-harness';

/**
 * A tenant's worth of records touching every staff screen, made through the reference client as a
 * clinic would make them: patients in a journey whose steps use several action types (email, text,
 * form, task, state, tags), their automated actions pending, finished and failed, a task created by
 * the journey and due today, the background error the worker leaves for a failed step, an unread
 * chat from a patient, an appointment today, and an analytics frame grouped by assignee.
 */
export const seedStaffTenant = async (harness: PortalHarness, admin: Session) => {
  const me = admin.userInfo;
  const template = await admin.api.templates.createOne({ title: 'Welcome letter', subject: 'Welcome to the clinic', message: 'Hello {{enduser.fname}}' } as never);
  const form = await admin.api.forms.createOne({ title: 'Intake questionnaire' } as never);
  const journey = await admin.api.journeys.createOne({
    title: 'New patient onboarding',
    defaultState: 'New',
    states: [
      { name: 'New', priority: 'N/A' },
      { name: 'Contacted', priority: 'Engaged' },
    ],
  } as never);
  const step = (events: unknown[], action: unknown) => admin.api.automation_steps.createOne({ journeyId: journey.id, events, action } as never);
  const email = await step([{ type: 'onJourneyStart', info: {} }], { type: 'sendEmail', info: { senderId: me.id, templateId: template.id } });
  const after = (parent: { id: string }, delay: number) => [{ type: 'afterAction', info: { automationStepId: parent.id, delay, delayInMS: delay * 86_400_000, unit: 'Days' } }];
  const text = await step(after(email, 1), { type: 'sendSMS', info: { senderId: me.id, templateId: template.id } });
  const intake = await step(after(text, 1), { type: 'sendForm', info: { senderId: me.id, formId: form.id } });
  const task = await step([{ type: 'formUnsubmitted', info: { automationStepId: intake.id, delay: 2, delayInMS: 2 * 86_400_000, unit: 'Days' } }], {
    type: 'createTicket',
    info: { title: 'Call about the intake questionnaire', assignmentStrategy: { type: 'care-team-random', info: {} }, closeReasons: [], defaultAssignee: me.id },
  });
  const state = await step([{ type: 'formResponse', info: { automationStepId: intake.id } }], { type: 'setEnduserStatus', info: { status: 'Contacted' } });
  await step(after(state, 0), { type: 'addEnduserTags', info: { tags: ['onboarded'] } });

  // The clinic's patient details, one of each kind the settings offer, and Ada's values for them.
  await admin.api.organizations.updateOne(me.businessId, {
    settings: {
      endusers: {
        customFields: [
          { type: 'Select', field: 'Insurance', info: { options: ['Aetna', 'Medicare'] } },
          { type: 'Multiple Select', field: 'Preferred contact', info: { options: ['Morning', 'Evening'] } },
          { type: 'Multiple Text', field: 'Allergies', info: {} },
          { type: 'Date', field: 'Last screening', info: {} },
          { type: 'Number', field: 'Cigarettes a day', info: {} },
        ],
      },
    },
  } as never);
  const adaFields = { Insurance: 'Aetna', 'Preferred contact': ['Evening'], Allergies: ['Penicillin'], 'Last screening': '2026-03-04', 'Cigarettes a day': 5 };
  const ada = await admin.api.endusers.createOne({ fname: 'Ada', lname: 'Lovelace', email: 'ada@example.com', phone: '+15555550101', journeys: { [journey.id]: 'New' }, assignedTo: [me.id], fields: adaFields } as never);
  const ben = await admin.api.endusers.createOne({ fname: 'Ben', lname: 'Okafor', email: 'ben@example.com', journeys: { [journey.id]: 'Contacted' } } as never);
  const action = (enduser: { id: string }, from: { id: string; events: unknown[]; action: unknown }, status: string, processAfter: number) =>
    admin.api.automated_actions.createOne({ automationStepId: from.id, enduserId: enduser.id, journeyId: journey.id, event: from.events[0], action: from.action, status, processAfter } as never);
  await action(ada, email as never, 'finished', Date.now() - 3_600_000);
  await action(ada, text as never, 'active', Date.now() + 86_400_000);
  const failed = await action(ben, email as never, 'error', Date.now() - 600_000);
  // As the worker records a failed step (activities/src/step-settling.ts): the ids and the action's type in its title and message.
  await admin.api.background_errors.createOne({
    title: 'Automation step failed (sendEmail)',
    message: `Automated action ${failed.id} (step ${email.id}) failed: Template ${template.id} could not be rendered for sendEmail`,
    journeyId: journey.id,
    enduserId: ben.id,
  } as never);

  const ticket = await admin.api.tickets.createOne({
    title: 'Call about the intake questionnaire',
    enduserId: ada.id,
    owner: me.id,
    journeyId: journey.id,
    automationStepId: task.id,
    dueDateInMS: Date.now() - 3_600_000,
  } as never);

  // A staff to-do (the api's tasks) as an integration makes one: unassigned, so it is on no one's Today.
  const todo = await admin.POST<unknown, { id: string }>('/v1/task', { text: 'Fax the intake packet', enduserId: ada.id, dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(), subscribers: [me.id] });

  const room = await admin.api.chat_rooms.createOne({ type: 'external', userIds: [me.id], enduserIds: [ada.id] } as never);
  const { authToken } = await admin.api.endusers.generate_auth_token({ id: ada.id });
  const patient = new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId, authToken });
  await patient.api.chats.createOne({ roomId: room.id, message: 'Is my appointment still at noon?' } as never);

  // Half an hour ahead, but still within the staff app's Los Angeles day (the console suites' clock), so
  // Today lists it whatever the hour the suite runs (23:30-24:00 there moved it to tomorrow).
  const there = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Los_Angeles' }));
  const minutesLeft = 24 * 60 - (there.getHours() * 60 + there.getMinutes());
  const soon = Date.now() + Math.min(30, Math.max(minutesLeft - 2, 0)) * 60_000;
  const appointment = await admin.api.calendar_events.createOne({
    title: 'First visit',
    startTimeInMS: soon,
    durationInMinutes: 30,
    attendees: [
      { type: 'user', id: me.id },
      { type: 'enduser', id: ada.id },
    ],
  } as never);
  await admin.api.analytics_frames.createOne({ title: 'Patients by assignee', query: { resource: 'Endusers', info: { method: 'Total' }, grouping: { 'Assigned To': true } } } as never);

  // A form sent to Ada and not yet answered: the patient record's response page (issue 32) shows it as awaiting.
  const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: ada.id });
  const [response] = await admin.api.form_responses.getSome({ filter: { accessCode } });

  // The booking setup (issue 34): an appointment type, a location and a booking page offering both.
  const appointmentType = await admin.api.calendar_event_templates.createOne({ title: 'Follow-up visit', durationInMinutes: 20, enableSelfScheduling: true } as never);
  const location = await admin.api.appointment_locations.createOne({ title: 'Harbor Clinic', timezone: 'America/New_York', address: '1 Harbor Way' } as never);
  const bookingPage = await admin.api.appointment_booking_pages.createOne({ title: 'Book a follow-up', calendarEventTemplateIds: [appointmentType.id], locationIds: [location.id] } as never);

  // A trigger (issue 36): the intake form starts the journey, for patients tagged 'vip'.
  const trigger = await admin.api.automation_triggers.createOne({
    title: 'Intake starts onboarding',
    status: 'Active',
    event: { type: 'Form Submitted', info: { formId: form.id } },
    action: { type: 'Add To Journey', info: { journeyId: journey.id } },
    enduserCondition: { condition: { tags: { $contains: 'vip' } } },
  } as never);

  // The builders' records (issue 35): an article and a forum, so their edit screens are walked too.
  const content = await admin.api.managed_content_records.createOne({ title: 'Preparing for your visit', textContent: 'What to bring on the day.' } as never);
  const forum = await admin.api.forums.createOne({ title: 'Support group', publicRead: true });
  // Something the practice sells, so the products screens are walked too.
  const product = await admin.api.products.createOne({ title: 'Initial consultation', cost: { amount: 15_000, currency: 'USD' }, processor: 'Stripe' } as never);
  return { product, journey, template, form, ada, ben, ticket, todo, room, appointment, visit: appointment, response: response!, accessCode, steps: { email, text, intake, task, state }, appointmentType, location, bookingPage, trigger, content, forum };
};

export type StaffTenant = Awaited<ReturnType<typeof seedStaffTenant>>;
