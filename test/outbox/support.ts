import type { Session } from '@tellescope/sdk';
import { waitFor, type Automations } from '../automations/support';

const DAY = 86_400_000;

/**
 * A patient with three sends waiting: a journey's email two days after they join ('Onboarding',
 * step 'Send email 'Welcome''), a text reminder half a day before their 'Consult' three days out, and an
 * email staff scheduled for tomorrow. Shared by the api test and the browser walk of the outbox.
 */
export const patientWithThreeSends = async (sdk: Session, userId: string, fname = 'Outbox') => {
  const template = await sdk.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.fname}}' });
  const journey = await sdk.api.journeys.createOne({ title: 'Onboarding' });
  const start = await sdk.api.automation_steps.createOne({
    journeyId: journey.id,
    events: [{ type: 'onJourneyStart', info: {} }],
    action: { type: 'addEnduserTags', info: { tags: ['onboarding'] } },
  } as never);
  const welcome = await sdk.api.automation_steps.createOne({
    journeyId: journey.id,
    events: [{ type: 'afterAction', info: { automationStepId: start.id, delay: 2, unit: 'Days', delayInMS: 2 * DAY } }],
    action: { type: 'sendEmail', info: { templateId: template.id, senderId: userId } },
  } as never);
  const enduser = await sdk.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${Date.now()}@example.test`, phone: '+15555550123' });
  const startTimeInMS = Date.now() + 3 * DAY;
  const appointment = await sdk.api.calendar_events.createOne({
    title: 'Consult',
    startTimeInMS,
    durationInMinutes: 30,
    attendees: [{ type: 'enduser', id: enduser.id }],
    reminders: [{ type: 'enduser-notification', msBeforeStartTime: DAY / 2, info: { channel: 'SMS' } }],
  } as never);
  const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'See you soon', textContent: 'A note before your visit', sendAt: new Date(Date.now() + DAY) } as never);
  await sdk.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id });
  return { template, journey, welcome, enduser, appointment, email, startTimeInMS };
};

export interface OutboxEntry {
  entryId: string;
  kind: string;
  sendAt: number;
  channel: string;
  cause: string;
  status: string;
  reason?: string;
  appointmentStartsAt?: number;
}

/** The journey's email step is pending once its run has written it: wait for the outbox to hold all three. */
export const outboxWithThree = (automations: Automations, read: () => Promise<OutboxEntry[]>) =>
  waitFor(read, (entries) => entries.filter((entry) => entry.status === 'pending').length === 3, 'three pending sends', 90_000);

/** A trigger that fires when the patient's city becomes Boston, but only for patients tagged 'vip' ("Why it fired" tests). */
export const vipTrigger = (sdk: Session) =>
  sdk.api.automation_triggers.createOne({
    title: 'VIP welcome',
    status: 'Active',
    event: { type: 'Field Equals', info: { field: 'city', value: 'Boston' } },
    enduserCondition: { condition: { tags: { $contains: 'vip' } } },
    action: { type: 'Add Tags', info: { tags: ['welcomed'] } },
  } as never);
