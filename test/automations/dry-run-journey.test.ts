import type { Session } from '@tellescope/sdk';
import { freshTenant } from '../analytics/support';
import { callWith, createStaff } from '../identity/support';
import { startApi, type RunningApi } from '../support/api-server';

const HOUR = 3_600_000;

/** Issue 18: POST /dry-run-journey plans a journey's steps on a simulated clock and writes nothing. */
describe('POST /dry-run-journey', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const dryRun = (session: Session, body: unknown) =>
    callWith(api.host, `Bearer ${session.authToken}`, '/v1/dry-run-journey', { method: 'POST', body: JSON.stringify(body) });

  test('chains afterAction delays, lists steps waiting on a form without planning past them, renders messages, and writes nothing', async () => {
    const { tenant, admin } = await freshTenant(api);
    const senderId = admin.userInfo.id;
    const template = await admin.api.templates.createOne({ title: 'Nudge', subject: 'For {{enduser.fname}}', message: 'Hi {{enduser.fname}} from {{sender.fname}}' });
    const journey = await admin.api.journeys.createOne({ title: 'Chain' });
    const step = (events: unknown[], action: unknown) => admin.api.automation_steps.createOne({ journeyId: journey.id, events, action } as never);
    const start = await step([{ type: 'onJourneyStart', info: {} }], { type: 'addEnduserTags', info: { tags: ['in'] } });
    const sms = await step([{ type: 'afterAction', info: { automationStepId: start.id, delay: 90, unit: 'Minutes', delayInMS: 90 * 60_000 } }], {
      type: 'sendSMS',
      info: { templateId: template.id, senderId },
    });
    await step([{ type: 'afterAction', info: { automationStepId: sms.id, delay: 1, unit: 'Days', delayInMS: 24 * HOUR } }], { type: 'sendEmail', info: { templateId: template.id, senderId } });
    const waiting = await step([{ type: 'formResponse', info: { automationStepId: start.id } }], { type: 'setEnduserStatus', info: { status: 'Answered' } });
    await step([{ type: 'afterAction', info: { automationStepId: waiting.id, delay: 1, unit: 'Hours', delayInMS: HOUR } }], { type: 'setEnduserStatus', info: { status: 'Never planned' } });

    const { status, body } = await dryRun(admin, { journeyId: journey.id, enduser: { fname: 'Kim' } });
    expect(status).toBe(200);
    const { steps, run } = body as { steps: { atMs?: number; eventType: string; actionType: string; message?: Record<string, unknown> }[]; run: { engine: string } };
    // The journey workflow itself ran, on the time-skipping test server (the binary is installed by the harness).
    expect(run).toMatchObject({ engine: 'temporal-time-skipping', truncated: false });
    expect(steps.map((entry) => [entry.actionType, entry.eventType, entry.atMs])).toEqual([
      ['addEnduserTags', 'onJourneyStart', 0],
      ['sendSMS', 'afterAction', 1.5 * HOUR],
      ['sendEmail', 'afterAction', 25.5 * HOUR],
      ['setEnduserStatus', 'formResponse', undefined],
    ]);
    expect(steps[1].message).toEqual({ channel: 'SMS', to: '+15555550100', text: 'Hi Kim from Admin' });
    expect(steps[2].message).toEqual({ channel: 'Email', to: 'test.enduser@example.com', subject: 'For Kim', text: 'Hi Kim from Admin' });
    for (const table of ['emails', 'sms_messages', 'automated_actions', 'endusers']) {
      expect(await api.dataSource.getRepository(table).countBy({ businessId: tenant.businessId })).toBe(0);
    }
  });

  test("runs the workflow's own rules: a formUnsubmitted step runs after its delay when no one answers the form", async () => {
    const { admin } = await freshTenant(api);
    const journey = await admin.api.journeys.createOne({ title: 'Form chase' });
    const step = (events: unknown[], action: unknown) => admin.api.automation_steps.createOne({ journeyId: journey.id, events, action } as never);
    const form = await admin.api.forms.createOne({ title: 'Intake' } as never);
    const send = await step([{ type: 'onJourneyStart', info: {} }], { type: 'sendForm', info: { formId: form.id, senderId: admin.userInfo.id } });
    await step([{ type: 'formUnsubmitted', info: { automationStepId: send.id, delay: 3, unit: 'Hours', delayInMS: 3 * HOUR } }], { type: 'addEnduserTags', info: { tags: ['chased'] } });
    await step([{ type: 'formResponse', info: { automationStepId: send.id } }], { type: 'setEnduserStatus', info: { status: 'Answered' } });

    const { status, body } = await dryRun(admin, { journeyId: journey.id });
    expect(status).toBe(200);
    const { steps, run } = body as { steps: { atMs?: number; eventType: string; actionType: string }[]; run: { engine: string; simulatedMs: number } };
    expect(run.engine).toBe('temporal-time-skipping');
    expect(run.simulatedMs).toBeGreaterThanOrEqual(3 * HOUR);
    expect(steps.map((entry) => [entry.actionType, entry.eventType, entry.atMs])).toEqual([
      ['sendForm', 'onJourneyStart', 0],
      ['addEnduserTags', 'formUnsubmitted', 3 * HOUR],
      ['setEnduserStatus', 'formResponse', undefined],
    ]);
  });

  test('without the test server binary the answer is the computed plan, and says so', async () => {
    const { admin } = await freshTenant(api);
    const journey = await admin.api.journeys.createOne({ title: 'No server' });
    const start = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'addEnduserTags', info: { tags: ['in'] } } } as never);
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'afterAction', info: { automationStepId: start.id, delay: 2, unit: 'Days', delayInMS: 48 * HOUR } }],
      action: { type: 'removeEnduserTags', info: { tags: ['in'] } },
    } as never);
    const before = process.env.TEMPORAL_TEST_SERVER_PATH;
    // The api runs in this process and looks the binary up on each dry run.
    process.env.TEMPORAL_TEST_SERVER_PATH = '/nonexistent/temporal-test-server';
    try {
      const { status, body } = await dryRun(admin, { journeyId: journey.id });
      expect(status).toBe(200);
      const { steps, run } = body as { steps: { atMs?: number; actionType: string }[]; run: { engine: string } };
      expect(run).toEqual({ engine: 'plan' });
      expect(steps.map((entry) => [entry.actionType, entry.atMs])).toEqual([
        ['addEnduserTags', 0],
        ['removeEnduserTags', 48 * HOUR],
      ]);
    } finally {
      if (before === undefined) delete process.env.TEMPORAL_TEST_SERVER_PATH;
      else process.env.TEMPORAL_TEST_SERVER_PATH = before;
    }
  });

  test('refuses a bad id, a journey of another business, and a staff member whose role may not read journeys', async () => {
    const { admin } = await freshTenant(api);
    const other = await freshTenant(api);
    const journey = await admin.api.journeys.createOne({ title: 'Mine' });
    expect(await dryRun(admin, { journeyId: 'nope' })).toMatchObject({ status: 400, body: { message: 'Error parsing field journeyId: Invalid id' } });
    expect((await dryRun(other.admin, { journeyId: journey.id })).status).toBe(404);
    await admin.api.role_based_access_permissions.createOne({ role: 'No journeys', permissions: { journeys: { create: null, read: null, update: null, delete: null } } } as never);
    const { session } = await createStaff(api, admin, { roles: ['No journeys'] });
    expect(await dryRun(session, { journeyId: journey.id })).toMatchObject({ status: 403, body: { message: 'You do not have access to this resource' } });
  });
});
