import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { resourceByName } from '@carelane/db';
import { AUTOMATION_ACTION_TYPES } from '@carelane/db/validation/automation-validators';
import { createStaff } from '../identity/support';
import { reportFigure } from '../support/figures';
import { sleep, startAutomations, startWebhookReceiver, waitFor, type Automations } from '../automations/support';

type Row = Record<string, any>;
type ActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

/** Every trigger event type the platform fires, read from the resource definitions' trigger rules. */
const FIRED_EVENT_TYPES = [...new Set([...resourceByName.values()].flatMap((definition) => (definition.triggers ?? []).map((rule) => rule.type)))].sort();

/**
 * Issue 29, item 2: an automation set up in a sub-organization acts only on what that organization
 * sees. For every journey action and every trigger event the platform fires, a sub-organization's
 * automation is pointed at patients it cannot see (one in the parent organization, one in a sibling),
 * and at a patient who was in it when the journey began and was moved out before the step ran. Each
 * must change nothing and send nothing, while the same automations do act on the organization's own
 * patient (so the matrix cannot pass by nothing running at all).
 */
describe('automations stay inside their organization', () => {
  let automations: Automations;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    automations = await startAutomations();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
    await automations?.stop();
  });

  const subdomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

  /** A staff member placed in a sub-organization (the fixture writes organizationIds, as the sub-organization suite does), signed in again. */
  const memberOf = async (admin: Session, path: string[]) => {
    const member = await createStaff(automations.api, admin, { roles: ['Admin'] });
    await automations.api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: path });
    const session = new Session({ host: automations.api.host });
    await session.authenticate(member.email, member.password);
    return { id: member.user.id as string, session };
  };

  /**
   * Every row that names the enduser and was written (created or changed) since `since`, outside
   * `except`; staff's own audit trail (user_logs) and the journey's bookkeeping (automated_actions,
   * judged by status below) aside.
   */
  const traces = async (enduserId: string, since: Date, except: string[] = []) => {
    const { dataSource } = automations.api;
    // Resources carry updatedAt; an internal table without it (waitlist_holds) is read by its createdAt.
    const tables: { table_name: string; stamp: string }[] = await dataSource.query(
      `SELECT c.table_name, CASE WHEN EXISTS (SELECT 1 FROM information_schema.columns u WHERE u.table_schema = c.table_schema AND u.table_name = c.table_name AND u.column_name = 'updatedAt') THEN 'updatedAt' ELSE 'createdAt' END AS stamp
       FROM information_schema.columns c WHERE c.table_schema = current_schema() AND c.column_name = 'enduserId' AND c.table_name NOT IN ('automated_actions', 'user_logs')`,
    );
    const found: string[] = [];
    for (const { table_name: table, stamp } of tables) {
      const rows: Row[] = await dataSource.query(`SELECT _id FROM "${table}" WHERE "enduserId" = $1 AND "${stamp}" >= $2`, [enduserId, since]);
      for (const row of rows) if (!except.includes(row._id)) found.push(`${table} ${row._id}`);
    }
    const rooms: Row[] = await dataSource.query(`SELECT _id FROM chat_rooms WHERE "enduserIds" @> $1::jsonb AND "updatedAt" >= $2`, [JSON.stringify([enduserId]), since]);
    const notices: Row[] = await dataSource.query(`SELECT _id FROM user_notifications WHERE "relatedRecords"::text LIKE $1 AND "updatedAt" >= $2`, [`%${enduserId}%`, since]);
    const done: Row[] = await dataSource.query(`SELECT _id FROM automated_actions WHERE "enduserId" = $1 AND status = 'finished' AND "updatedAt" >= $2`, [enduserId, since]);
    return [...found, ...rooms.map((r) => `chat_rooms ${r._id}`), ...notices.map((n) => `user_notifications ${n._id}`), ...done.map((a) => `finished action ${a._id}`)];
  };

  const sentTo = (patient: Row) => [
    ...automations.smtp.received.filter((message) => message.envelopeTo.includes(String(patient.email).toLowerCase())).map(() => `email to ${patient.email}`),
    ...receiver.received.filter((request) => request.body.includes(patient.id) || request.body.includes(patient.email)).map(() => `webhook about ${patient.email}`),
  ];

  const outgoingTexts = async (phone: string | undefined) =>
    (await automations.api.dataSource.query(`SELECT count(*)::int AS n FROM outgoing_messages WHERE "to" = $1`, [phone]))[0].n as number;

  test('every action and every trigger event of a sub-organization leaves patients outside it untouched', async () => {
    const { sdk: root, tenant } = await automations.session();
    const north = ((await root.api.organizations.create_suborganization({ name: 'North', subdomain: subdomain('north') })) as unknown as { created: Row }).created;
    const south = ((await root.api.organizations.create_suborganization({ name: 'South', subdomain: subdomain('south') })) as unknown as { created: Row }).created;
    const northStaff = await memberOf(root, [north.id]);
    const southStaff = await memberOf(root, [south.id]);
    const staff = northStaff.session;

    // What the sub-organization's automations use, all its own.
    const template = await staff.api.templates.createOne({ title: 'Note', subject: 'About {{enduser.email}}', message: '{{enduser.email}} {{enduser.fields.diagnosis}}' });
    const form = await staff.api.forms.createOne({ title: 'Intake' });
    const content = await staff.api.managed_content_records.createOne({ title: 'Guide', textContent: 'Read me' } as never);
    const targetJourney = await staff.api.journeys.createOne({ title: 'Target' });
    const rootJourney = await root.api.journeys.createOne({ title: 'Root care' });

    const INFOS: Record<ActionType, Row> = {
      sendEmail: { senderId: northStaff.id, templateId: template.id },
      sendSMS: { senderId: northStaff.id, templateId: template.id },
      sendChat: { templateId: template.id, identifier: 'Crossing' },
      sendForm: { senderId: northStaff.id, formId: form.id },
      notifyTeam: { templateId: template.id, forAssigned: true, roles: ['Admin'] },
      setEnduserStatus: { status: 'Crossed' },
      createTicket: { title: '{{enduser.email}} {{enduser.dateOfBirth}}', assignmentStrategy: { type: 'default', info: {} }, defaultAssignee: northStaff.id },
      sendWebhook: { message: '{{enduser.email}} {{enduser.fields.diagnosis}}', url: receiver.url, secret: 'the-step-secret-1' },
      shareContent: { managedContentRecordIds: [content.id] },
      addEnduserTags: { tags: ['crossed'] },
      removeEnduserTags: { tags: ['keep'] },
      setEnduserFields: { fields: [{ name: 'diagnosis', type: 'Custom Value', value: 'rewritten' }] },
      addToJourney: { journeyId: targetJourney.id },
      removeFromJourney: { journeyId: rootJourney.id },
      removeFromAllJourneys: {},
      createCarePlan: { title: 'Crossed plan', htmlDescription: '<p>plan</p>' },
      completeCarePlan: {},
      completeTickets: { journeyIds: [rootJourney.id] },
      cancelFutureAppointments: {},
    };
    expect(Object.keys(INFOS).sort()).toEqual([...AUTOMATION_ACTION_TYPES].sort());

    // One journey per action: a first step that creates a ticket (in scope for the organization's own
    // patient), then the action once that ticket is closed, so the test decides when the action runs.
    const journeys: { type: ActionType; journeyId: string; gateStepId: string; actionStepId: string }[] = [];
    for (const type of AUTOMATION_ACTION_TYPES) {
      const journey = await staff.api.journeys.createOne({ title: `Runs ${type}` });
      const gate = await staff.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'onJourneyStart', info: {} }],
        action: { type: 'createTicket', info: { title: `Gate ${type}`, assignmentStrategy: { type: 'default', info: {} }, defaultAssignee: northStaff.id } },
      } as never);
      const step = await staff.api.automation_steps.createOne({
        journeyId: journey.id,
        events: [{ type: 'ticketCompleted', info: { automationStepId: gate.id } }],
        action: { type, info: INFOS[type] },
      } as never);
      journeys.push({ type, journeyId: journey.id, gateStepId: gate.id, actionStepId: step.id });
    }

    // One Active trigger per fired event type, each tagging the patient it fires for.
    const EVENT_INFOS: Record<string, Row> = { 'Form Submitted': { formId: form.id }, 'Field Equals': { field: 'stage', value: 'ready' } };
    const tagOf = (type: string) => `crossed-${type.toLowerCase().replace(/[^a-z]+/g, '-')}`;
    for (const type of FIRED_EVENT_TYPES) {
      await staff.api.automation_triggers.createOne({
        title: `On ${type}`,
        status: 'Active',
        event: { type, info: EVENT_INFOS[type] ?? {} },
        action: { type: 'Add Tags', info: { tags: [tagOf(type)] } },
      } as never);
    }
    await sleep(300); // the dispatcher's trigger cache hears of new triggers through PostgreSQL's announcements

    const patientFields = (label: string) => ({
      fname: label,
      email: `${label.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`,
      phone: `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`,
      dateOfBirth: '01-02-1970',
      tags: ['keep'],
      fields: { diagnosis: 'private' },
      assignedTo: [northStaff.id],
    });
    /** Causes every fired event for a patient, as `session` (who can see them). */
    const causeEvents = async (session: Session, patient: Row) => {
      await session.api.endusers.updateOne(patient.id, { fields: { ...patient.fields, stage: 'ready' } } as never);
      const { accessCode } = await session.api.form_responses.prepare_form_response({ enduserId: patient.id, formId: form.id });
      await session.api.form_responses.submit_form_response({ accessCode, responses: [] } as never);
      const appointment = await session.api.calendar_events.createOne({
        title: 'Visit', durationInMinutes: 30, startTimeInMS: Date.now() + 86_400_000, attendees: [{ type: 'enduser', id: patient.id }],
      } as never);
      await session.api.calendar_events.updateOne(appointment.id, { startTimeInMS: Date.now() + 2 * 86_400_000 } as never);
      for (const field of ['completedAt', 'noShowedAt', 'cancelledAt'])
        await session.api.calendar_events.updateOne(appointment.id, { [field]: new Date().toISOString() } as never);
      await session.api.purchases.createOne({ title: 'Visit', enduserId: patient.id, cost: { amount: 500, currency: 'USD' }, processor: 'Stripe' } as never);
      // A text from the patient, as the incoming-message webhook records it.
      await session.api.sms_messages.createOne({ enduserId: patient.id, message: 'Hello there', inbound: true } as never);
    };

    // Outside the organization: a patient of the parent, and one of a sibling (Contact Created fires for each).
    const parentPatient = await root.api.endusers.createOne(patientFields('Parent') as never);
    const siblingPatient = await southStaff.session.api.endusers.createOne(patientFields('Sibling') as never);
    const outsiders = [parentPatient, siblingPatient];
    for (const [patient, session] of [[parentPatient, root], [siblingPatient, southStaff.session]] as const) {
      await root.api.endusers.add_to_journey({ enduserIds: [patient.id], journeyId: rootJourney.id });
      await session.api.calendar_events.createOne({
        title: 'Booked', durationInMinutes: 30, startTimeInMS: Date.now() + 7 * 86_400_000, attendees: [{ type: 'enduser', id: patient.id }],
      } as never);
    }
    await waitFor(() => root.api.endusers.getOne(siblingPatient.id), (row) => Boolean(row.journeys?.[rootJourney.id]), 'the root journey');
    // Every fired event happens to them, caused by the root Admin (who sees them).
    for (const patient of outsiders) await causeEvents(root, patient);
    const since = new Date();
    const before = await Promise.all(outsiders.map((patient) => root.api.endusers.getOne(patient.id)));
    const textsBefore = await Promise.all(outsiders.map((patient) => outgoingTexts(patient.phone)));
    // The root Admin puts them in every journey of the sub-organization.
    for (const { journeyId } of journeys) await root.api.endusers.add_to_journey({ enduserIds: outsiders.map((p) => p.id), journeyId });

    // The organization's own patient: created inside it, so every trigger and journey acts on them.
    const own = await staff.api.endusers.createOne(patientFields('Own') as never);
    await causeEvents(staff, own);
    for (const { journeyId } of journeys) await staff.api.endusers.add_to_journey({ enduserIds: [own.id], journeyId });
    const tagged = await waitFor(
      () => staff.api.endusers.getOne(own.id),
      (row) => FIRED_EVENT_TYPES.every((type) => (row.tags ?? []).includes(tagOf(type))),
      'every trigger to act on the organization’s own patient',
      60_000,
    );
    expect(tagged.tags).toEqual(expect.arrayContaining(FIRED_EVENT_TYPES.map(tagOf)));
    const gates = await waitFor(
      () => root.api.tickets.getSome({ filter: { enduserId: own.id } }),
      (rows) => journeys.every(({ gateStepId }) => rows.some((ticket) => ticket.automationStepId === gateStepId)),
      'every journey to begin for the organization’s own patient',
      60_000,
    );

    // Moved out of the organization after the journeys began, before their actions run.
    await root.api.endusers.updateOne(own.id, { organizationIds: [] } as never);
    const movedAt = new Date();
    const ownBefore = await root.api.endusers.getOne(own.id);
    const ownTexts = await outgoingTexts(own.phone);
    for (const ticket of gates.filter((row) => journeys.some(({ gateStepId }) => gateStepId === row.automationStepId)))
      await root.api.tickets.updateOne(ticket.id, { closedAt: new Date().toISOString() } as never);
    // Each action step settles (cancelled, when nothing crossed); one that acted may take others' journeys away, so the wait is bounded and what it saw is judged.
    const actionSteps = () => root.api.automated_actions.getSome({ filter: { enduserId: own.id }, limit: 100 } as never);
    const settledAll = (rows: Row[]) => journeys.every(({ actionStepId }) => rows.some((row) => row.automationStepId === actionStepId && row.status !== 'active'));
    await waitFor(actionSteps, settledAll, 'every action step of the moved patient to settle', 30_000).catch(() => undefined);
    await sleep(1500);
    const settled = await actionSteps();

    // What crossed: for each path and each patient outside the organization, anything written or sent.
    const crossings: string[] = [];
    for (const [index, patient] of outsiders.entries()) {
      const after = await root.api.endusers.getOne(patient.id);
      const tags = (after.tags ?? []).filter((tag: string) => tag !== 'keep');
      crossings.push(...tags.map((tag: string) => `${patient.fname}: tag ${tag}`));
      if (JSON.stringify(after.fields) !== JSON.stringify(before[index].fields)) crossings.push(`${patient.fname}: fields ${JSON.stringify(after.fields)}`);
      if (!after.journeys?.[rootJourney.id]) crossings.push(`${patient.fname}: left the root journey`);
      if ((after.triggerIds ?? []).length) crossings.push(`${patient.fname}: triggers ${after.triggerIds}`);
      if (Object.values(after.journeys ?? {}).includes('Crossed')) crossings.push(`${patient.fname}: journey state Crossed`);
      crossings.push(...(await traces(patient.id, since)).map((trace) => `${patient.fname}: ${trace}`), ...sentTo(patient));
      if ((await outgoingTexts(patient.phone)) !== textsBefore[index]) crossings.push(`${patient.fname}: a text was sent`);
    }
    for (const { type, actionStepId } of journeys) {
      const row = settled.find((action) => action.automationStepId === actionStepId);
      if (row?.status !== 'cancelled') crossings.push(`moved patient: ${type} ${row?.status ?? 'never scheduled'}`);
    }
    const gateIds = gates.map((ticket) => ticket.id);
    crossings.push(...(await traces(own.id, movedAt, gateIds)).map((trace) => `moved patient: ${trace}`));
    const ownAfter = await root.api.endusers.getOne(own.id);
    if (JSON.stringify([ownAfter.tags, ownAfter.fields]) !== JSON.stringify([ownBefore.tags, ownBefore.fields])) crossings.push('moved patient: tags or fields changed');
    if ((await outgoingTexts(own.phone)) !== ownTexts) crossings.push('moved patient: a text was sent');

    const paths = AUTOMATION_ACTION_TYPES.length + FIRED_EVENT_TYPES.length;
    reportFigure(`organizations: ${paths} paths x 3 callers, ${crossings.length} crossings`);
    expect(crossings).toEqual([]);
    expect(tenant.businessId).toBeTruthy();
  }, 240_000);
});
