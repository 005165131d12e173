import type { DataSource } from 'typeorm';
import type { Client } from '@temporalio/client';
import type { Call } from './screens';

/** import.server.ts: rows per POST /v1/import-endusers, one chunk after the other. */
const IMPORT_CHUNK = 100;
/** bulk-add.server.ts: the search's pages, and endusers per add-endusers-to-journey call. */
const SEARCH_PAGE = 1000;
const ADD_CHUNK = 50;

/**
 * The CSV import of web/app/staff/patient-list (planImport of csv.ts on the file's text, then
 * import.server.ts importRows): `count` patients whose email names the import, so the bulk add can
 * find exactly them by search: the first `marked` carry `<label>-bulk` in their address. Answers the seconds it took and how many were added.
 */
export const csvImport = async (call: Call, token: string, count: number, label: string, marked: number) => {
  // csv.ts imports nothing, so Node loads it as the ES module it is.
  const { planImport } = (await import('../../web/app/staff/patient-list/csv')) as typeof import('../../web/app/staff/patient-list/csv');
  const lines = ['First name,Last name,Email,Phone,Date of birth,Tags'];
  for (let n = 0; n < count; n++) lines.push(`Imported,Person ${n},person${n}@${label}${n < marked ? '-bulk' : ''}.example.test,+1617${2000000 + n},1980-01-${String(1 + (n % 28)).padStart(2, '0')},imported;spring-campaign`);
  const started = Date.now();
  const plan = planImport(lines.join('\n'));
  if ('fileError' in plan) throw new Error(plan.fileError);
  let added = 0;
  for (let start = 0; start < plan.rows.length; start += IMPORT_CHUNK) {
    const chunk = plan.rows.slice(start, start + IMPORT_CHUNK);
    const { results } = await call<{ results: ({ row: number; id: string } | { row: number; message: string })[] }>('/v1/import-endusers', {
      token,
      method: 'POST',
      body: { rows: chunk.map((row) => row.record) },
    });
    for (const result of results) {
      if ('message' in result) throw new Error(`import refused line ${chunk[result.row - 1]!.line}: ${result.message}`);
      added++;
    }
  }
  return { seconds: (Date.now() - started) / 1000, added };
};

/**
 * issue 20's baseline, as bench/journeys.ts runs it: `count` one-activity workflows started 50 at a
 * time on the same Temporal server and worker, until every one completed.
 */
export const oneActivityWorkflows = async (client: Client, taskQueue: string, count: number) => {
  const started = Date.now();
  const ids = Array.from({ length: count }, (_, index) => `bench-scale-one-activity-${taskQueue}-${index}`);
  for (let index = 0; index < ids.length; index += 50) {
    await Promise.all(ids.slice(index, index + 50).map((workflowId) => client.workflow.start('oneActivityWorkflow', { workflowId, taskQueue })));
  }
  // Their results a hundred at a time: 10,000 long polls at once exhaust the dev server's gRPC
  // (the run failed, and its Connection closed under the polls still waiting).
  for (let index = 0; index < ids.length; index += 100) {
    await Promise.all(ids.slice(index, index + 100).map((workflowId) => client.workflow.getHandle(workflowId).result()));
  }
  return (Date.now() - started) / 1000;
};

/**
 * The staff app's bulk add (web/app/staff/bulk-add.server.ts addAll): every patient the search finds,
 * newest first, paged by lastId, then add-endusers-to-journey 50 at a time; timed until every one's
 * first step email is recorded as delivered.
 */
export const bulkAdd = async (call: Call, token: string, dataSource: DataSource, options: { businessId: string; journeyId: string; stepId: string; q: string; expected: number }) => {
  const started = Date.now();
  const ids: string[] = [];
  let lastId: string | undefined;
  for (;;) {
    const query: Record<string, string> = { limit: String(SEARCH_PAGE), sort: 'newFirst', search: JSON.stringify({ query: options.q }) };
    if (lastId) query.lastId = lastId;
    const page = await call<{ id: string }[]>('/v1/endusers', { token, query });
    ids.push(...page.map((enduser) => enduser.id));
    if (page.length < SEARCH_PAGE) break;
    lastId = page[page.length - 1]!.id;
  }
  if (ids.length !== options.expected) throw new Error(`the bulk add's search found ${ids.length} patients, expected ${options.expected}`);
  const searched = Date.now();
  for (let index = 0; index < ids.length; index += ADD_CHUNK) {
    await call('/v1/add-endusers-to-journey', { token, method: 'POST', body: { journeyId: options.journeyId, enduserIds: ids.slice(index, index + ADD_CHUNK) } });
  }
  const accepted = Date.now();
  for (;;) {
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM emails WHERE "businessId" = $1 AND "automationStepId" = $2 AND delivered = true', [options.businessId, options.stepId]);
    if (count >= ids.length) break;
    if (Date.now() - started > 20 * 60_000) throw new Error(`only ${count} of ${ids.length} first emails after 20 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const done = Date.now();
  return { seconds: (done - started) / 1000, searchSeconds: (searched - started) / 1000, addSeconds: (accepted - searched) / 1000 };
};
