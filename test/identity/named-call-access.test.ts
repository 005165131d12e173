import { Session } from '@tellescope/sdk';
import { RESOURCES } from '@carelane/db';
import type { Tenant } from '../support/tenant';
import { createEnduser, createStaff, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const FORBIDDEN = 'You do not have access to this resource';

/** A role with no access to anything: every operation of every resource null. */
const NOTHING = Object.fromEntries(RESOURCES.map((definition) => [definition.name, { create: null, read: null, update: null, delete: null }]));

describe('named calls follow the role matrix: a role without access gets the same 403 as on the generic calls', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  let locked: Session;
  let eventStart: number;
  let ids: { enduser: string; journey: string; form: string; room: string; file: string; template: string; event: string };

  beforeAll(async () => {
    ({ api, tenant, admin } = suite);
    await admin.api.role_based_access_permissions.createOne({ role: 'Locked out', permissions: NOTHING } as never);
    locked = (await createStaff(api, admin, { roles: ['Locked out'] })).session;
    const patient = await createEnduser(api.host, admin, tenant);
    const journey = await admin.api.journeys.createOne({ title: 'Onboarding' });
    const form = await admin.api.forms.createOne({ title: 'Intake' });
    const room = await admin.api.chat_rooms.createOne({ title: 'Care team', userIds: [admin.userInfo.id], enduserIds: [patient.enduser.id] } as never);
    const { file } = (await admin.api.files.prepare_file_upload({ name: 'a.txt', size: 1, type: 'text/plain' } as never)) as unknown as { file: { id: string } };
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Visit', durationInMinutes: 30 } as never);
    eventStart = Date.now() + 86_400_000;
    const event = await admin.api.calendar_events.createOne({ title: 'Visit', startTimeInMS: eventStart, durationInMinutes: 30, attendees: [{ type: 'user', id: admin.userInfo.id }] } as never);
    ids = { enduser: patient.enduser.id, journey: journey.id, form: form.id, room: room.id, file: file.id, template: template.id, event: event.id };
  });

  /** A named call the reference client does not know, posted as it would post one; a refusal rejects with the api's body. */
  const post = async (session: Session, path: string, body: unknown) => {
    const response = await fetch(`${api.host}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.authToken}` }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw answer;
    return answer;
  };

  const get = async (session: Session, path: string) => {
    const response = await fetch(`${api.host}${path}`, { headers: { Authorization: `Bearer ${session.authToken}` } });
    const answer = await response.json();
    if (!response.ok) throw answer;
    return answer;
  };

  const calls: [string, () => Promise<unknown>][] = [
    ['set-enduser-password', () => locked.api.endusers.set_password({ id: ids.enduser, password: 'Another-pass-9' })],
    ['add-endusers-to-journey', () => locked.api.endusers.add_to_journey({ enduserIds: [ids.enduser], journeyId: ids.journey })],
    ['remove-endusers-from-journey', () => locked.api.endusers.remove_from_journey({ enduserIds: [ids.enduser], journeyId: ids.journey })],
    ['DELETE /journey/:id/states', () => locked.api.journeys.delete_states({ id: ids.journey, states: ['Old'] })],
    ['send-user-email-notification', () => locked.api.user_notifications.send_user_email_notification({ userId: locked.userInfo.id, message: 'Hi', subject: 'Hello' } as never)],
    ['prepare-form-response', () => locked.api.form_responses.prepare_form_response({ formId: ids.form, enduserId: ids.enduser })],
    ['join-chat-room', () => locked.api.chat_rooms.join_room({ id: ids.room })],
    ['mark-chat-room-read', () => locked.api.chat_rooms.mark_read({ id: ids.room })],
    ['chat-room-display-info', () => locked.api.chat_rooms.display_info({ id: ids.room })],
    ['prepare-file-upload', () => locked.api.files.prepare_file_upload({ name: 'b.txt', size: 1, type: 'text/plain' } as never)],
    ['file-download-URL', () => locked.api.files.file_download_URL({ secureName: 'x', id: ids.file } as never)],
    ['schedule-appointment', () => post(locked, '/v1/schedule-appointment', { calendarEventTemplateId: ids.template, userId: admin.userInfo.id, enduserId: ids.enduser, startTime: new Date().toISOString() })],
    ['reschedule-appointment', () => post(locked, '/v1/reschedule-appointment', { calendarEventId: ids.event, startTime: new Date().toISOString() })],
    ['enduser-outbox', () => get(locked, `/v1/enduser-outbox?enduserId=${ids.enduser}`)],
    ['cancel-outbox-entry', () => post(locked, '/v1/cancel-outbox-entry', { enduserId: ids.enduser, entryId: `step-${ids.journey}` })],
    ['automation-decisions', () => get(locked, `/v1/automation-decisions?enduserId=${ids.enduser}`)],
    ['enduser-tags', () => get(locked, '/v1/enduser-tags')],
    ['preview-journey-step-change', () => post(locked, '/v1/preview-journey-step-change', { automationStepId: ids.journey, events: [{ type: 'onJourneyStart', info: {} }] })],
    ['apply-journey-step-change', () => post(locked, '/v1/apply-journey-step-change', { automationStepId: ids.journey, events: [{ type: 'onJourneyStart', info: {} }] })],
    ['templated-message', () => locked.api.templates.get_templated_message({ message: 'Hi {{enduser.fname}}', enduserId: ids.enduser, userId: admin.userInfo.id, channel: 'Email' } as never)],
  ];

  test.each(calls)('%s', async (_name, call) => {
    await expect(call()).rejects.toMatchObject({ message: FORBIDDEN });
  });

  test('an Admin-only call answers as Admin-only', async () => {
    await expect(locked.api.endusers.generate_auth_token({ id: ids.enduser })).rejects.toMatchObject({ message: 'Admin access only' });
  });

  test('and nothing changed', async () => {
    const enduser = await admin.api.endusers.getOne(ids.enduser);
    expect(enduser.journeys ?? {}).toEqual({});
    expect(await admin.api.form_responses.getSome()).toEqual([]);
    const room = await admin.api.chat_rooms.getOne(ids.room);
    expect(room.userIds).toEqual([admin.userInfo.id]);
    expect((await admin.api.files.getSome()).map((file) => file.id)).toEqual([ids.file]);
    expect((await admin.api.calendar_events.getSome()).map((event) => [event.id, event.startTimeInMS])).toEqual([[ids.event, eventStart]]);
  });
});
