/**
 * bench/journeys: 1,000 endusers added to a journey (one add-endusers-to-journey call) until every
 * first-step email is recorded as delivered, beside the raw rate of starting (and completing) 1,000
 * one-activity workflows (the goal's baseline, issue 20) and 1,000 empty workflows on the same
 * Temporal server, with the same worker, in the same run.
 *
 * What a journey start costs over an empty workflow: the api's start call (search attributes, memo),
 * then per enduser one ordinary activity, beginJourney (automation/src/begin-journey.ts): enter the
 * journey (a transaction on the enduser and a status update), find the onJourneyStart steps, write
 * their automated actions, run them (render the template, write the email record, send through the
 * email channel, mark finished, with its heartbeat) and find what follows. Before issue 20's change
 * these were four activities one after the other (enterJourney, findFollowingSteps, scheduleStep,
 * runStep) and a fifth (findFollowingSteps) after the send.
 *
 * The api runs as its own process exactly as `npm start` runs it; the worker runs in the bench's process.
 *
 * Run: npm run bench:journeys
 *   DATABASE_URL (a scratch database is made on that server and dropped after), else the local
 *   server, else embedded PostgreSQL; TEMPORAL_ADDRESS, else a dev server on 7233 (started if none).
 *   BENCH_ENDUSERS (default 1000). Emails go to the embedded database channel (no SMTP).
 */
import { loadavg } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { Session } from '@tellescope/sdk';
import { createTenant } from '../test/support/tenant';
import { startAutomationPlatform } from './support/automation-platform';
import { runBench } from './support/run-bench';

const ENDUSERS = Number(process.env.BENCH_ENDUSERS ?? 1000);
const START_CONCURRENCY = 50;

const seconds = (ms: number) => (ms / 1000).toFixed(2);

const main = async () => {
  // The worker (the same for every measurement) in this process, the api in its own.
  const platform = await startAutomationPlatform('journeys', { poolSize: 30 });
  const { postgres, temporal, taskQueue, dataSource, host } = platform;
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  try {
    // 1. The baselines: workflows started 50 at a time, each awaited to completion. The goal's is the
    //    one-activity workflow (issue 20: "1,000 one-activity workflows on the same server with the same
    //    worker"); the empty one is printed beside it to show Temporal's own floor.
    const baseline = async (workflowType: 'noopWorkflow' | 'oneActivityWorkflow') => {
      const began = Date.now();
      const ids = Array.from({ length: ENDUSERS }, (_, index) => `bench-${workflowType}-${taskQueue}-${index}`);
      for (let index = 0; index < ids.length; index += START_CONCURRENCY) {
        await Promise.all(ids.slice(index, index + START_CONCURRENCY).map((workflowId) => client.workflow.start(workflowType, { workflowId, taskQueue })));
      }
      const started = Date.now();
      await Promise.all(ids.map((workflowId) => client.workflow.getHandle(workflowId).result()));
      return { startedMs: started - began, doneMs: Date.now() - began };
    };
    const empty = await baseline('noopWorkflow');
    const oneActivity = await baseline('oneActivityWorkflow');

    // 2. The journey: 1,000 endusers with an email address, one onJourneyStart step that sends an email.
    const tenant = await createTenant(dataSource);
    const sdk = new Session({ host });
    await sdk.authenticate(tenant.adminEmail, tenant.adminPassword);
    const template = await sdk.api.templates.createOne({ title: 'Welcome', subject: 'Welcome {{enduser.fname}}', message: 'Hello {{enduser.fname}}' });
    const journey = await sdk.api.journeys.createOne({ title: 'Bench' });
    const step = await sdk.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: { type: 'sendEmail', info: { templateId: template.id, senderId: sdk.userInfo.id } },
    } as never);
    const enduserIds: string[] = [];
    for (let index = 0; index < ENDUSERS; index += 500) {
      const batch = Array.from({ length: Math.min(500, ENDUSERS - index) }, (_, offset) => ({
        fname: `Bench${index + offset}`,
        email: `bench${index + offset}@example.test`,
      }));
      enduserIds.push(...(await sdk.api.endusers.createSome(batch)).created.map((enduser) => enduser.id));
    }
    const journeyStart = Date.now();
    await sdk.api.endusers.add_to_journey({ enduserIds, journeyId: journey.id });
    const journeyAccepted = Date.now();
    for (;;) {
      const [{ count }] = await dataSource.query(
        'SELECT count(*)::int AS count FROM emails WHERE "businessId" = $1 AND "automationStepId" = $2 AND delivered = true',
        [tenant.businessId, step.id]
      );
      if (count >= ENDUSERS) break;
      if (Date.now() - journeyStart > 15 * 60_000) throw new Error(`only ${count} of ${ENDUSERS} emails after 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const journeyDone = Date.now();

    console.log(
      `\nbench/journeys: ${ENDUSERS} endusers, Temporal ${temporal.source} (${temporal.address}), one worker (in the bench's process), the api in its own process, PostgreSQL ${postgres.source}, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`
    );
    const rate = (ms: number) => (ENDUSERS / (ms / 1000)).toFixed(0);
    console.log(`  empty workflows:        started in ${seconds(empty.startedMs)} s, all completed in ${seconds(empty.doneMs)} s  (${rate(empty.doneMs)} workflows/s)`);
    console.log(
      `  one-activity workflows: started in ${seconds(oneActivity.startedMs)} s, all completed in ${seconds(oneActivity.doneMs)} s  (${rate(oneActivity.doneMs)} workflows/s)`
    );
    const journeyMs = journeyDone - journeyStart;
    console.log(
      `  journey:                add-endusers-to-journey answered in ${seconds(journeyAccepted - journeyStart)} s, all first-step emails recorded in ${seconds(journeyMs)} s  (${rate(journeyMs)} endusers/s)`
    );
    const ratio = journeyMs / oneActivity.doneMs;
    console.log(
      `  journey / one-activity workflow time ratio: ${ratio.toFixed(2)}x  (goal: 2.0x or less, i.e. 50 % of the one-activity workflows' rate: ${ratio <= 2 ? 'met' : 'not met'}); journey / empty workflow: ${(
        journeyMs / empty.doneMs
      ).toFixed(2)}x`
    );
  } finally {
    await connection.close();
    await platform.stop();
  }
};

runBench(main);
