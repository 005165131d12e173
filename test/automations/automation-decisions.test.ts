import { randomBytes } from 'node:crypto';
import { pruneDecisions, recordDecisions } from '@carelane/db/internal/automation-decisions';
import { callWith } from '../identity/support';
import { vipTrigger } from '../outbox/support';
import { startAutomations, waitFor, type Automations } from './support';

interface Decision {
  kind: string;
  enduserId: string;
  fired: boolean;
  reason: string;
  trigger?: string;
  journey?: string;
  step?: string;
}

/**
 * Issue 36, why it fired: every trigger evaluation and step-condition check is recorded with its
 * outcome and the rule that failed with the value seen, served by GET /automation-decisions to staff
 * who may read the patient, and kept 30 days. Real api, Temporal dev server and worker.
 */
describe('why it fired', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const decisions = async (token: string, query: string) => {
    const answer = await callWith(automations.api.host, `Bearer ${token}`, `/v1/automation-decisions?${query}`);
    expect(answer.status).toBe(200);
    return (answer.body as { decisions: Decision[] }).decisions;
  };

  test('a trigger that does not fire says which condition failed with the value seen; once it holds, it fires', async () => {
    const { sdk } = await automations.session();
    await vipTrigger(sdk);
    const patient = await sdk.api.endusers.createOne({ fname: 'Vera', tags: [] } as never);
    await sdk.api.endusers.updateOne(patient.id, { city: 'Boston' } as never);
    const [notFired] = await waitFor(() => decisions(sdk.authToken!, `enduserId=${patient.id}`), (rows) => rows.length === 1, 'the decision');
    expect(notFired).toMatchObject({ kind: 'trigger', fired: false, trigger: 'VIP welcome', reason: "tags contains 'vip' is false (tags: [])" });

    await sdk.api.endusers.updateOne(patient.id, { tags: ['vip'], city: 'Cambridge' } as never, { replaceObjectFields: true } as never);
    await sdk.api.endusers.updateOne(patient.id, { city: 'Boston' } as never);
    const fired = await waitFor(() => decisions(sdk.authToken!, `enduserId=${patient.id}`), (rows) => rows.some((row) => row.fired), 'the trigger to fire');
    expect(fired.find((row) => row.fired)).toMatchObject({ kind: 'trigger', trigger: 'VIP welcome', reason: 'all conditions held' });
    await waitFor(() => sdk.api.endusers.getOne(patient.id), (row) => (row.tags ?? []).includes('welcomed'), 'the trigger to act');
  });

  test('a step whose conditions fail is recorded with why, on the patient and on the journey', async () => {
    const { sdk } = await automations.session();
    const journey = await sdk.api.journeys.createOne({ title: 'Care path' });
    await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      enduserConditions: { condition: { state: 'MA' } },
      action: { type: 'addEnduserTags', info: { tags: ['in-state'] } },
    } as never);
    const patient = await sdk.api.endusers.createOne({ fname: 'Sam', state: 'NY' } as never);
    await sdk.api.endusers.add_to_journey({ enduserIds: [patient.id], journeyId: journey.id });
    const [decision] = await waitFor(() => decisions(sdk.authToken!, `journeyId=${journey.id}`), (rows) => rows.length === 1, 'the step decision', 60_000);
    expect(decision).toMatchObject({ kind: 'step', enduserId: patient.id, fired: false, journey: 'Care path', step: "Add the tag 'in-state'", reason: "state is 'MA' is false (state: 'NY')" });
    expect(await decisions(sdk.authToken!, `enduserId=${patient.id}`)).toEqual([decision]);
  });

  test('refusals, and decisions older than 30 days are neither served nor kept', async () => {
    const { sdk, tenant } = await automations.session();
    const patient = await sdk.api.endusers.createOne({ fname: 'Olde' });
    expect(await callWith(automations.api.host, `Bearer ${sdk.authToken}`, '/v1/automation-decisions')).toMatchObject({
      status: 400,
      body: { message: 'Name a patient (enduserId) or a journey (journeyId)' },
    });
    const other = await automations.session();
    expect([403, 404]).toContain((await callWith(automations.api.host, `Bearer ${other.sdk.authToken}`, `/v1/automation-decisions?enduserId=${patient.id}`)).status);

    const old = new Date(Date.now() - 31 * 86_400_000);
    const key = randomBytes(8).toString('hex');
    await recordDecisions(automations.api.dataSource, [
      { key: `${key}-old`, businessId: tenant.businessId, enduserId: patient.id, kind: 'trigger', fired: false, reason: 'long ago', createdAt: old },
      { key: `${key}-new`, businessId: tenant.businessId, enduserId: patient.id, kind: 'trigger', fired: true, reason: 'all conditions held' },
    ]);
    expect((await decisions(sdk.authToken!, `enduserId=${patient.id}`)).map((row) => row.reason)).toEqual(['all conditions held']);
    expect(await pruneDecisions(automations.api.dataSource)).toBeGreaterThanOrEqual(1);
    const left: { reason: string }[] = await automations.api.dataSource.query(`SELECT reason FROM automation_decisions WHERE "enduserId" = $1`, [patient.id]);
    expect(left.map((row) => row.reason)).toEqual(['all conditions held']);
  });
});
