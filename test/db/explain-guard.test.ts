import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { declaredIndexes, dropDatabase, ensureDatabase, RESOURCES } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { createTenant } from '../support/tenant';
import { fillScale, SCALE_TABLES, scaleIds, staffId } from '../support/scale-fill';
import { planOf, recordQueries } from '../support/query-recorder';

/**
 * The EXPLAIN guard of issue #37: over 100,000 patients (and as many rooms, chats, texts, emails,
 * appointments, automated actions and form responses) in a scratch database, each hot screen's
 * calls are made through the running api exactly as the staff app and the portal make them; every
 * statement they run is recorded and EXPLAINed, and a sequential scan of a filled table fails the
 * test, naming the call and the statement. Reads served by an index stay fast at a million patients;
 * a Seq Scan here is a read that grows with the table (docs/decisions.md "Indexes for a million patients").
 */
const ROWS = 100_000;

describe('the hot reads are served by indexes at 100,000 patients', () => {
  const scratch = new URL(testEnv().databaseUrl);
  scratch.pathname = `/carelane_explain_${randomBytes(4).toString('hex')}`;
  let api: RunningApi;
  let staffToken: string;
  let patientToken: string;
  let recorder: ReturnType<typeof recordQueries>;

  beforeAll(async () => {
    await ensureDatabase(scratch.toString());
    api = await startApi({ env: { DATABASE_URL: scratch.toString() } });
    const tenant = await createTenant(api.dataSource);
    const session = new Session({ host: api.host });
    await session.authenticate(tenant.adminEmail, tenant.adminPassword);
    staffToken = session.authToken;
    await fillScale(api.dataSource, tenant.businessId, session.userInfo.id, ROWS);
    patientToken = ((await call(staffToken, '/v1/generate-enduser-auth-token', { id: scaleIds.patientId })) as { authToken: string }).authToken;
    recorder = recordQueries(api.dataSource);
  }, 600_000);

  afterAll(async () => {
    recorder?.restore();
    await api?.stop();
    await dropDatabase(scratch.toString());
  });

  const call = async (token: string, path: string, query: Record<string, string> = {}) => {
    const response = await fetch(`${api.host}${path}?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body as unknown;
  };

  test('every index the resource definitions declare exists after the migrations', async () => {
    const declared = RESOURCES.flatMap(declaredIndexes).map((index) => index.name);
    const rows = (await api.dataSource.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)) as { indexname: string }[];
    const present = new Set(rows.map((row) => row.indexname));
    expect(declared.filter((name) => !present.has(name))).toEqual([]);
  });

  const patient = scaleIds.patientId;
  const json = (value: unknown) => JSON.stringify(value);
  const timeline = (path: string) => ({ path, query: { filter: json({ enduserId: patient }), limit: '200', sort: 'newFirst' } });
  const weekStart = Date.now() - 3 * 86_400_000;
  const staffWeek = Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`userIds[${k}]`, staffId(k)]));

  /** The calls of each hot screen, as web/app makes them (the file named beside each). */
  const HOT_CALLS: { name: string; as: 'staff' | 'patient'; path: string; query: Record<string, string> }[] = [
    // web/app/staff/patient-list/query.server.ts: 50 rows (and one to know a next page follows) by a tag, last activity first.
    { name: 'patient list by tag, last activity first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: ['tag7'] } }), sortBy: 'lastActive', sort: 'newFirst' } },
    { name: 'patient list, newest first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', sort: 'newFirst' } },
    // Search from the patient list's box (name, email, phone) and the inbox's and calendar's patient pickers.
    { name: 'search by name', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'First12' }), sort: 'newFirst' } },
    { name: 'search by email', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'patient4242' }), sort: 'newFirst' } },
    { name: 'search by phone', as: 'staff', path: '/v1/endusers', query: { limit: '8', search: json({ query: '+14150004' }) } },
    // The patient's record: web/app/staff/timeline.server.ts, patient/record-timeline.server.ts, patient-actions.server.ts.
    { name: 'record: emails', as: 'staff', ...timeline('/v1/emails') },
    { name: 'record: texts', as: 'staff', ...timeline('/v1/sms-messages') },
    { name: 'record: form responses', as: 'staff', ...timeline('/v1/form-responses') },
    { name: 'record: automated actions', as: 'staff', ...timeline('/v1/automated-actions') },
    { name: 'record: pending steps', as: 'staff', path: '/v1/automated-actions', query: { filter: json({ enduserId: patient, status: 'active' }), limit: '1000' } },
    { name: 'record: appointments', as: 'staff', path: '/v1/calendar-events', query: { filter: json({ attendees: [{ type: 'enduser', id: patient }] }), limit: '200', sort: 'newFirst' } },
    { name: 'record: chat rooms', as: 'staff', path: '/v1/chat-rooms', query: { filter: json({ enduserIds: [patient] }), limit: '200' } },
    { name: 'record: chats', as: 'staff', path: '/v1/chats', query: { filter: json({ roomId: { $in: [scaleIds.roomOf(ROWS)] } }), limit: '200', sort: 'newFirst' } },
    // web/app/staff/inbox/inbox.server.ts: the caller's conversations.
    { name: 'inbox: mine', as: 'staff', path: '/v1/inbox-conversations', query: { view: 'Mine', limit: '50' } },
    // web/app/staff/calendar/calendar.server.ts: a week of 20 staff calendars.
    { name: 'calendar week of 20 staff', as: 'staff', path: '/v1/events-for-user', query: { ...staffWeek, from: new Date(weekStart).toISOString(), to: new Date(weekStart + 7 * 86_400_000).toISOString(), limit: '1000' } },
    // web/app/routes/_portal+/_shell+/home.tsx: the portal's Home for a patient with 500 appointments and 2,000 chats.
    { name: 'portal Home', as: 'patient', path: '/v1/portal-bootstrap', query: { home: 'true' } },
  ];

  test.each(HOT_CALLS.map((hot) => [hot.name, hot] as const))('%s reads no filled table sequentially', async (_name, hot) => {
    const statements = await recorder.during(() => call(hot.as === 'staff' ? staffToken : patientToken, hot.path, hot.query));
    const reads = statements.filter((statement) => /^\s*SELECT/i.test(statement.sql));
    const problems: string[] = [];
    let filledReads = 0;
    for (const read of reads) {
      const nodes = await planOf(api.dataSource, read);
      // EXPLAIN_GUARD_PLANS=1 prints each plan's scans, to see which index serves what.
      if (process.env.EXPLAIN_GUARD_PLANS) console.log(`${hot.name}: ${nodes.map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}`).join(' > ')}\n  ${read.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
      if (nodes.some((node) => SCALE_TABLES.includes(node['Relation Name'] as never))) filledReads++;
      for (const node of nodes.filter((each) => each['Node Type'] === 'Seq Scan' && SCALE_TABLES.includes(each['Relation Name'] as never))) {
        problems.push(`${hot.name}: Seq Scan on ${node['Relation Name']} in ${read.sql.replace(/\s+/g, ' ').slice(0, 600)}`);
      }
    }
    // A call that read none of the filled tables would prove nothing.
    expect(filledReads).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
