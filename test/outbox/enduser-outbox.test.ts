import { callWith } from '../identity/support';
import { startAutomations, type Automations } from '../automations/support';
import { outboxWithThree, patientWithThreeSends, type OutboxEntry } from './support';

const DAY = 86_400_000;

/**
 * Issue 36, the per-patient outbox: GET /enduser-outbox lists every pending send to one patient
 * (journey step, appointment reminder, scheduled message) with its time, channel and cause;
 * POST /cancel-outbox-entry cancels one; a cancelled appointment leaves its reminder voided, with why.
 * Real api, Temporal dev server and worker.
 */
describe('the patient outbox', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const call = (token: string, path: string, init: RequestInit = {}) => callWith(automations.api.host, `Bearer ${token}`, path, init);
  const outbox = async (token: string, enduserId: string) => {
    const answer = await call(token, `/v1/enduser-outbox?enduserId=${enduserId}`);
    expect(answer.status).toBe(200);
    return (answer.body as { entries: OutboxEntry[] }).entries;
  };
  const cancel = (token: string, body: unknown) => call(token, '/v1/cancel-outbox-entry', { method: 'POST', body: JSON.stringify(body) });

  test('three pending sends with their cause; one cancelled, one voided by cancelling its appointment', async () => {
    const { sdk, userId } = await automations.session();
    const made = await patientWithThreeSends(sdk, userId);
    const token = sdk.authToken!;
    const entries = await outboxWithThree(automations, () => outbox(token, made.enduser.id));
    expect(entries.map(({ kind, channel, cause, status }) => ({ kind, channel, cause, status }))).toEqual([
      { kind: 'scheduled-message', channel: 'Email', cause: "Message 'See you soon' scheduled by staff", status: 'pending' },
      { kind: 'journey-step', channel: 'Email', cause: "Journey 'Onboarding', step: Send email 'Welcome'", status: 'pending' },
      { kind: 'reminder', channel: 'Text message', cause: "Reminder for 'Consult'", status: 'pending' },
    ]);
    const [message, step, reminder] = entries;
    expect(Math.abs(step.sendAt - (Date.now() + 2 * DAY))).toBeLessThan(120_000);
    expect(reminder.sendAt).toBe(made.startTimeInMS - DAY / 2);
    expect(reminder.appointmentStartsAt).toBe(made.startTimeInMS);

    // Cancel the journey's email: it stays listed, cancelled, and its run sends nothing for it.
    const cancelled = await cancel(token, { enduserId: made.enduser.id, entryId: step.entryId });
    expect(cancelled.status).toBe(200);
    const afterCancel = (cancelled.body as { entries: OutboxEntry[] }).entries;
    expect(afterCancel.find((entry) => entry.entryId === step.entryId)).toMatchObject({ status: 'cancelled' });
    const action = await sdk.api.automated_actions.getOne(step.entryId.replace('step-', ''));
    expect(action.status).toBe('cancelled');

    // Cancelling it again is refused with a clear message and changes nothing.
    const again = await cancel(token, { enduserId: made.enduser.id, entryId: step.entryId });
    expect(again).toMatchObject({ status: 400, body: { message: 'This send is no longer pending' } });

    // The appointment is cancelled: its reminder stays, voided, with the reason.
    await sdk.api.calendar_events.updateOne(made.appointment.id, { cancelledAt: new Date() } as never);
    const voided = (await outbox(token, made.enduser.id)).find((entry) => entry.entryId === reminder.entryId);
    expect(voided).toMatchObject({ status: 'voided', reason: 'The appointment was cancelled' });
    // The scheduled email is still pending.
    expect((await outbox(token, made.enduser.id)).find((entry) => entry.entryId === message.entryId)).toMatchObject({ status: 'pending' });
  });

  test('a scheduled message and a reminder are cancelled at their source', async () => {
    const { sdk, userId } = await automations.session();
    const made = await patientWithThreeSends(sdk, userId, 'Sources');
    const token = sdk.authToken!;
    const entries = await outboxWithThree(automations, () => outbox(token, made.enduser.id));
    const message = entries.find((entry) => entry.kind === 'scheduled-message')!;
    const reminder = entries.find((entry) => entry.kind === 'reminder')!;
    expect((await cancel(token, { enduserId: made.enduser.id, entryId: message.entryId })).status).toBe(200);
    expect((await cancel(token, { enduserId: made.enduser.id, entryId: reminder.entryId })).status).toBe(200);
    const left = await outbox(token, made.enduser.id);
    expect(left.map((entry) => entry.kind)).toEqual(['journey-step']);
    await expect(sdk.api.emails.getOne(made.email.id)).rejects.toBeTruthy();
    const event = await sdk.api.calendar_events.getOne(made.appointment.id);
    expect(event.reminders ?? []).toEqual([]);
  });

  test("a chat held for later in the patient's room is listed, and cancelled by deleting it; a chat sent already is no send to cancel", async () => {
    const { sdk, userId } = await automations.session();
    const enduser = await sdk.api.endusers.createOne({ fname: 'Chad', email: `chad-${Date.now()}@example.com` });
    const token = sdk.authToken!;
    const room = await sdk.api.chat_rooms.createOne({ enduserIds: [enduser.id], userIds: [userId], type: 'external' } as never);
    // Whole seconds: the reference client sends a Date to the second.
    const sendAt = Math.ceil((Date.now() + DAY) / 1000) * 1000;
    const held = await sdk.api.chats.createOne({ roomId: room.id, message: 'See you at 9', sendAt: new Date(sendAt) } as never);
    const sent = await sdk.api.chats.createOne({ roomId: room.id, message: 'Hello now' } as never);
    const entries = await outbox(token, enduser.id);
    expect(entries).toEqual([{ entryId: `chats-${held.id}`, kind: 'scheduled-message', sendAt, channel: 'Chat', cause: 'Chat message scheduled by staff', status: 'pending' }]);
    expect(await cancel(token, { enduserId: enduser.id, entryId: `chats-${sent.id}` })).toMatchObject({ status: 400, body: { message: 'This send is no longer pending' } });
    const cancelled = await cancel(token, { enduserId: enduser.id, entryId: `chats-${held.id}` });
    expect(cancelled).toMatchObject({ status: 200, body: { entries: [] } });
    await expect(sdk.api.chats.getOne(held.id)).rejects.toBeTruthy();
    expect((await sdk.api.chats.getOne(sent.id)).id).toBe(sent.id);
  });

  test('refusals: a malformed entry, a patient of another business, a caller without a session', async () => {
    const { sdk, userId } = await automations.session();
    const made = await patientWithThreeSends(sdk, userId, 'Refused');
    const token = sdk.authToken!;
    expect(await cancel(token, { enduserId: made.enduser.id, entryId: 'nonsense' })).toMatchObject({ status: 400, body: { message: 'This send is no longer pending' } });
    expect(await call(token, '/v1/enduser-outbox?enduserId=nope')).toMatchObject({ status: 400 });

    const other = await automations.session();
    const foreign = await call(other.sdk.authToken!, `/v1/enduser-outbox?enduserId=${made.enduser.id}`);
    expect([403, 404]).toContain(foreign.status);
    const foreignCancel = await cancel(other.sdk.authToken!, { enduserId: made.enduser.id, entryId: `emails-${made.email.id}` });
    expect([403, 404]).toContain(foreignCancel.status);
    expect((await sdk.api.emails.getOne(made.email.id)).id).toBe(made.email.id);
    expect((await callWith(automations.api.host, '', `/v1/enduser-outbox?enduserId=${made.enduser.id}`)).status).toBe(401);
  });
});
