import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportFigure } from '../support/figures';
import { proofCallers, proofStack, type ProofCaller } from './callers';

/**
 * Issue 21: schema-driven fuzzing of every operation of /openapi.json with schemathesis, against the
 * platform as `npm start` runs it, as the Admin, a Non-Admin staff member, an enduser and nobody.
 * Checks: no server error (5xx) and every answer matches its documented schema.
 *
 * Generated path ids are random, so they never name the caller's own account or organization; the
 * calls that act on the caller's own session, account or organization without an id are left out
 * (they would sign the caller out or reset its organization mid-run): OWN_ACCOUNT_CALLS.
 *
 * Run time is bounded by FUZZ_MAX_EXAMPLES cases per operation and phase (default 4).
 */
const OWN_ACCOUNT_CALLS = [
  '/v1/logout-api', // ends every token of the caller
  '/v1/logout-enduser',
  '/v1/reset-demo', // empties the caller's organization
  '/v1/organizations/create-and-join', // moves the caller to a new organization
  '/v1/set-enduser-password', // an enduser's own password (ends its sessions)
  '/v1/refresh-session', // replaces the caller's token
  '/v1/refresh-enduser-session',
];

const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 4);
const CHECKS = ['not_a_server_error', 'response_schema_conformance'];

interface RunReport {
  operations: { selected: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number; unique_failures: number; errored: number };
  /** Grouped by failure class: ServerError / ContentTypeServerError (5xx), JsonSchemaError, MalformedJson ... (schema). */
  failures: { type: string; count: number; operations: string[] }[];
  errors: { title?: string; count?: number }[];
}

/**
 * Errors schemathesis reports for its own side (a generator crash such as Python's "AST constructor
 * recursion depth mismatch" on a deeply nested schema) are counted and printed; errors that reach
 * the network (the api refused, reset or did not answer) fail the suite like a server error.
 */
const NETWORK_ERROR = /network|connection|timeout|timed out|refused|reset/i;

const runSchemathesis = (caller: ProofCaller, reportDir: string, schemaUrl = `${proofStack().apiUrl}/openapi.json`) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const args = [
      'run',
      schemaUrl,
      '--checks',
      CHECKS.join(','),
      '--max-examples',
      String(MAX_EXAMPLES),
      '--phases',
      'examples,fuzzing',
      '--exclude-path-regex',
      `^(${OWN_ACCOUNT_CALLS.map((path) => path.replace(/[/.-]/g, '\\$&')).join('|')})$`,
      '--seed',
      process.env.FUZZ_SEED ?? '21',
      '--no-shrink',
      '--workers',
      '2',
      '--request-timeout',
      '60',
      '--report',
      'json',
      '--report-dir',
      reportDir,
      '--warnings',
      'off',
      ...(caller.authorization ? ['--header', `Authorization: ${caller.authorization}`] : []),
    ];
    const child = spawn(process.env.PROOF_SCHEMATHESIS!, args, {
      // Its working directory is the report's: schemathesis keeps a .schemathesis cache where it runs.
      cwd: reportDir,
      env: { ...process.env, PYTHONPATH: process.env.PROOF_SCHEMATHESIS_PYTHONPATH, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

const readReport = (reportDir: string) => {
  const file = readdirSync(reportDir).find((name) => name.startsWith('json-'));
  return file ? (JSON.parse(readFileSync(join(reportDir, file), 'utf8')) as RunReport) : undefined;
};

const countFailures = (report: RunReport) => {
  const count = (serverSide: boolean) => report.failures.filter((group) => /ServerError$/.test(group.type) === serverSide).reduce((sum, group) => sum + group.count, 0);
  return { serverErrors: count(true), schemaViolations: count(false) };
};

/**
 * The schema check can only judge answers that /openapi.json documents: generic operations declare
 * their records, named calls (POST /v1/<call>) declare only their error answers. Counted from the
 * document so the figure says how many operations' success bodies were actually checked.
 */
const successSchemaCoverage = async () => {
  const document = (await (await fetch(`${proofStack().apiUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  };
  let operations = 0;
  let withSchema = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    if (OWN_ACCOUNT_CALLS.includes(path)) continue;
    for (const operation of Object.values(methods)) {
      operations += 1;
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (success.some(([, answer]) => Object.values(answer.content ?? {}).some((media) => media.schema !== undefined))) withSchema += 1;
    }
  }
  return { operations, withSchema };
};

/** A two-operation api that breaks both checks on purpose: the counting above must see one of each. */
const controlApi = async () => {
  const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };
  const ok = { 200: { description: 'ok', content: { 'application/json': { schema } } } };
  const document = { openapi: '3.1.0', info: { title: 'control', version: '1' }, paths: { '/boom': { get: { responses: ok } }, '/bad': { get: { responses: ok } } } };
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/openapi.json') return res.end(JSON.stringify(document));
    if (req.url?.startsWith('/boom')) res.statusCode = 500;
    res.end(req.url?.startsWith('/boom') ? '{}' : '{"a":1}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('fuzzing /openapi.json with schemathesis', () => {
  it('the control: a 5xx and an answer outside its schema are both counted', async () => {
    const control = await controlApi();
    try {
      const reportDir = mkdtempSync(join(tmpdir(), 'carelane-fuzz-control-'));
      await runSchemathesis({ name: 'anonymous', ownIds: [] }, reportDir, control.url);
      expect(countFailures(readReport(reportDir)!)).toEqual({ serverErrors: 1, schemaViolations: 1 });
    } finally {
      await control.stop();
    }
  });

  it('no server error and no answer outside its schema, for each of the four callers', async () => {
    const callers = await proofCallers();
    const totals = { operations: 0, cases: 0, serverErrors: 0, schemaViolations: 0, toolErrors: 0, networkErrors: 0 };
    const problems: string[] = [];
    for (const caller of callers) {
      const reportDir = mkdtempSync(join(tmpdir(), `carelane-fuzz-${caller.name}-`));
      const { code, output } = await runSchemathesis(caller, reportDir);
      const report = readReport(reportDir);
      if (!report) throw new Error(`schemathesis wrote no report for ${caller.name} (exit ${code}):\n${output.slice(-4000)}`);
      const { serverErrors, schemaViolations } = countFailures(report);
      if (report.failures.length) process.stdout.write(`fuzz ${caller.name} failures: ${JSON.stringify(report.failures)}\n`);
      totals.operations = Math.max(totals.operations, report.operations.tested);
      totals.cases += report.test_cases.generated;
      totals.serverErrors += serverErrors;
      totals.schemaViolations += schemaViolations;
      const network = report.errors.filter((error) => NETWORK_ERROR.test(error.title ?? '')).reduce((sum, error) => sum + (error.count ?? 1), 0);
      const tool = report.errors.reduce((sum, error) => sum + (error.count ?? 1), 0) - network;
      totals.networkErrors += network;
      totals.toolErrors += tool;
      process.stdout.write(
        `fuzz ${caller.name}: ${report.operations.tested} operations, ${report.test_cases.generated} cases, ${serverErrors} server errors, ${schemaViolations} schema violations, ${network} network errors, ${tool} generator errors (report ${reportDir})\n`,
      );
      // Exit 1 also follows generator errors alone; failures and network errors are judged from the report.
      if (code !== 0 && code !== 1) problems.push(`${caller.name}: schemathesis exited ${code}\n${output.slice(-6000)}`);
    }
    const coverage = await successSchemaCoverage();
    reportFigure(
      `fuzz: ${totals.operations} operations x ${callers.length} callers, ${totals.cases} cases, ${totals.serverErrors} server errors, ${totals.schemaViolations} schema violations, ${totals.networkErrors} network errors (${totals.toolErrors} fuzzer-side generation errors); success bodies schema-checked on ${coverage.withSchema} of ${coverage.operations} operations (named calls document only their error answers)`,
    );
    expect(problems).toEqual([]);
    expect(totals.serverErrors + totals.schemaViolations + totals.networkErrors).toBe(0);
    expect(totals.operations).toBeGreaterThan(400);
  });
});
