import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { declaredIndexes, dropDatabase, ensureDatabase, RESOURCES } from '@carelane/db';
import { SAMPLE_ROWS, WALK_ROWS } from '@carelane/engine';
import { startApi, type RunningApi } from '../support/api-server';
import { testEnv } from '../support/env';
import { createTenant } from '../support/tenant';
import { fillScale, SCALE_TABLES, scaleIds, staffId } from '../support/scale-fill';
import { planOf, recordQueries, rowsRead, TABLE_SCANS } from '../support/query-recorder';
import { createStaff } from '../identity/support';

/**
 * The EXPLAIN guard of issue #37: over 100,000 patients (and as many rooms, chats, texts, emails,
 * appointments, automated actions and form responses) in a scratch database, each hot screen's
 * calls are made through the running api exactly as the staff app and the portal make them, as a
 * root Admin, a sub-organization's staff member and a patient; every statement they run is recorded
 * and run again under EXPLAIN ANALYZE. A sequential scan of a filled table fails the test, and so
 * does a statement that reads more than ROWS_READ_BOUND rows of one (an index walked in the wrong
 * order and filtered reads as much as a Seq Scan), each naming the call and the statement. Reads
 * served by an index stay fast at a million patients; these are reads that grow with the table
 * (docs/decisions.md "Indexes for a million patients").
 */
const ROWS = 100_000;
type Caller = 'staff' | 'patient' | 'sub' | 'few';
/** A page of 50 may read its own matches and some more, never a table's worth: 5% of a filled table. */
const ROWS_READ_BOUND = 5_000;
/**
 * A search newest first tests at most the business's newest SAMPLE_ROWS and then WALK_ROWS rows before
 * the trigram index answers (engine/src/search-page.ts): a constant, whatever the number of patients,
 * on top of the page's own bound.
 */
const SEARCH_READ_BOUND = SAMPLE_ROWS + WALK_ROWS + ROWS_READ_BOUND;
/** A tag newest first tests the newest SAMPLE_ROWS rows, then a common tag's page is among them, a rare tag's read through its index. */
const LABEL_READ_BOUND = SAMPLE_ROWS + ROWS_READ_BOUND;
/** The sub-organization's share of the patients (the fill spreads them over 20 organizations), and the few conversations of one staff member. */
const SUB_ORGANIZATION_OF_FILL = `4${(3).toString(16).padStart(23, '0')}`;
const FEW = 30;
const COMMON_TAG = 'returning';
const OLD_TAG = 'moved-from-old-system';
const OLD_TAGGED = 1_000;

describe('the hot reads are served by indexes at 100,000 patients', () => {
  const scratch = new URL(testEnv().databaseUrl);
  scratch.pathname = `/carelane_explain_${randomBytes(4).toString('hex')}`;
  let api: RunningApi;
  let staffToken: string;
  let patientToken: string;
  /** An Admin of a sub-organization holding a twentieth of the patients. */
  let subToken: string;
  /** A staff member with few conversations (FEW rooms, and FEW patients whose texts and emails), all older than anyone else's. */
  let fewToken: string;
  let recorder: ReturnType<typeof recordQueries>;

  beforeAll(async () => {
    await ensureDatabase(scratch.toString());
    api = await startApi({ env: { DATABASE_URL: scratch.toString() } });
    const tenant = await createTenant(api.dataSource);
    const session = new Session({ host: api.host });
    await session.authenticate(tenant.adminEmail, tenant.adminPassword);
    staffToken = session.authToken;
    const started = Date.now();
    await fillScale(api.dataSource, tenant.businessId, session.userInfo.id, ROWS);
    if (process.env.EXPLAIN_GUARD_PLANS) console.log(`filled in ${Date.now() - started} ms`);
    patientToken = ((await call(staffToken, '/v1/generate-enduser-auth-token', { id: scaleIds.patientId })) as { authToken: string }).authToken;
    subToken = await subOrganizationStaff(session);
    fewToken = await staffWithFewConversations(session);
    await labelFixtures();
    // The fixtures rewrote some patients and rooms.
    for (const table of ['endusers', 'chat_rooms']) await api.dataSource.query(`ANALYZE "${table}"`);
    recorder = recordQueries(api.dataSource);
  }, 600_000);

  afterAll(async () => {
    recorder?.restore();
    await api?.stop();
    await dropDatabase(scratch.toString());
  });

  /** A sub-organization's Admin; the fill's third organization becomes theirs (its patients' organizationIds name it). */
  const subOrganizationStaff = async (admin: Session) => {
    const { created } = (await admin.api.organizations.create_suborganization({ name: 'North', subdomain: `north-${randomBytes(4).toString('hex')}` })) as unknown as { created: { id: string } };
    await api.dataSource.query(`UPDATE endusers SET "organizationIds" = jsonb_build_array($1::text) WHERE "organizationIds" = jsonb_build_array($2::text)`, [created.id, SUB_ORGANIZATION_OF_FILL]);
    const member = await createStaff(api, admin, { roles: ['Admin'] });
    // Joining a sub-organization is the invitation flow's job: the fixture places the account (as test/identity/sub-organizations does).
    await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: [created.id] });
    const session = new Session({ host: api.host });
    await session.authenticate(member.email, member.password);
    return session.authToken;
  };

  /**
   * Two tags the fill lacks: COMMON_TAG on a fifth of the patients (more matches than a page may read
   * and sort), OLD_TAG on only the OLD_TAGGED oldest (none among the newest rows a walk tests first).
   */
  const labelFixtures = async () => {
    await api.dataSource.query(`UPDATE endusers SET tags = tags || jsonb_build_array($1::text) WHERE ('x' || right(_id, 6))::bit(24)::int % 5 = 0`, [COMMON_TAG]);
    await api.dataSource.query(`UPDATE endusers SET tags = tags || jsonb_build_array($1::text) WHERE _id IN (SELECT _id FROM endusers ORDER BY _id LIMIT ${OLD_TAGGED})`, [OLD_TAG]);
  };

  /** A staff member in FEW of the oldest rooms and on the care team of FEW patients whose texts and emails are among the oldest. */
  const staffWithFewConversations = async (admin: Session) => {
    const member = await createStaff(api, admin, { roles: ['Admin'] });
    const oldest = (prefix: string) => Array.from({ length: FEW }, (_, k) => `${prefix}${(ROWS - 100 - k).toString(16).padStart(23, '0')}`);
    await api.dataSource.query(`UPDATE chat_rooms SET "userIds" = jsonb_build_array($1::text) WHERE _id = ANY($2)`, [member.user.id, oldest('c')]);
    // Patient j's one text and one email are the fill's row j - 1: the highest j are the oldest.
    await api.dataSource.query(`UPDATE endusers SET "assignedTo" = jsonb_build_array($1::text) WHERE _id = ANY($2)`, [member.user.id, oldest('e')]);
    return member.session.authToken;
  };

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
  const HOT_CALLS: { name: string; as: Caller; path: string; query: Record<string, string>; bound?: number }[] = [
    // web/app/staff/patient-list/query.server.ts: 50 rows (and one to know a next page follows) by a tag, last activity first.
    { name: 'patient list by tag, last activity first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: ['tag7'] } }), sortBy: 'lastActive', sort: 'newFirst' } },
    { name: 'patient list, newest first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', sort: 'newFirst' } },
    // A tag and no column sorted (the list's default order): a common tag fills the page among the newest
    // patients, a tag only the oldest carry is read through its index (engine/src/search-page.ts).
    { name: 'patient list by a common tag, newest first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: [COMMON_TAG] } }), sort: 'newFirst' }, bound: LABEL_READ_BOUND },
    { name: 'patient list by a tag only the oldest carry, newest first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: [OLD_TAG] } }), sort: 'newFirst' }, bound: LABEL_READ_BOUND },
    // The list's Last activity column sorted ascending (web/app/staff/patient-list/columns.tsx: every column sorts both ways).
    { name: 'patient list, least recent activity first', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', sortBy: 'lastActive', sort: 'oldFirst' } },
    // The Name column sorts by last name, either way (IDX_endusers_sort_lname and its _oldFirst twin).
    { name: 'patient list by name, A to Z', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', sortBy: 'lname', sort: 'oldFirst' } },
    { name: 'patient list by tag, by name Z to A', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: ['tag7'] } }), sortBy: 'lname', sort: 'newFirst' } },
    // The same list and search as an Admin of a sub-organization: organization scope is served by an index too.
    { name: 'sub-organization: patient list, newest first', as: 'sub', path: '/v1/list-endusers', query: { limit: '51', sort: 'newFirst' } },
    { name: 'sub-organization: patient list by tag, last activity first', as: 'sub', path: '/v1/list-endusers', query: { limit: '51', filter: json({ tags: { _all: ['tag7'] } }), sortBy: 'lastActive', sort: 'newFirst' } },
    { name: 'sub-organization: search by name', as: 'sub', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'First12' }), sort: 'newFirst' } },
    // Search from the patient list's box (name, email, phone) and the inbox's and calendar's patient pickers.
    { name: 'search by name', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'First12' }), sort: 'newFirst' }, bound: SEARCH_READ_BOUND },
    // A tenth of the patients: the walk over the newest rows fills the page after a few hundred.
    { name: 'search by a common name', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'First1' }), sort: 'newFirst' } },
    { name: 'search by a common name, tagged', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'First1' }), filter: json({ tags: { _all: ['tag7'] } }), sort: 'newFirst' } },
    { name: 'search by email', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'patient4242' }), sort: 'newFirst' }, bound: SEARCH_READ_BOUND },
    { name: 'search matching nobody', as: 'staff', path: '/v1/list-endusers', query: { limit: '51', search: json({ query: 'nobody-zq' }), sort: 'newFirst' }, bound: SEARCH_READ_BOUND },
    // A phone prefix of the oldest thousand patients: none among the newest rows, so the trigram index answers.
    { name: 'search by phone', as: 'staff', path: '/v1/endusers', query: { limit: '8', search: json({ query: '+14150004' }) }, bound: SEARCH_READ_BOUND },
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
    { name: 'inbox: mine, for a staff member with few conversations', as: 'few', path: '/v1/inbox-conversations', query: { view: 'Mine', limit: '50' } },
    // web/app/staff/calendar/calendar.server.ts: the first part of a week of 20 staff calendars (from a day earlier, what runs into the week).
    { name: 'calendar week of 20 staff', as: 'staff', path: '/v1/events-for-user', query: { ...staffWeek, from: new Date(weekStart - 86_400_000).toISOString(), endsAfter: new Date(weekStart).toISOString(), to: new Date(weekStart + 7 * 86_400_000).toISOString(), limit: '201', withPatients: 'true' } },
    { name: 'calendar week of 20 staff, a later part', as: 'staff', path: '/v1/events-for-user', query: { ...staffWeek, from: new Date(weekStart + 3 * 86_400_000).toISOString(), to: new Date(weekStart + 7 * 86_400_000).toISOString(), limit: '201', withPatients: 'true' } },
    // web/app/routes/_portal+/_shell+/home.tsx: the portal's Home for a patient with 500 appointments and 2,000 chats.
    { name: 'portal Home', as: 'patient', path: '/v1/portal-bootstrap', query: { home: 'true' } },
  ];

  const tokenOf = (as: Caller) => ({ staff: staffToken, patient: patientToken, sub: subToken, few: fewToken })[as];

  test.each(HOT_CALLS.map((hot) => [hot.name, hot] as const))('%s reads no filled table sequentially nor a table\'s worth of rows', async (_name, hot) => {
    const statements = await recorder.during(() => call(tokenOf(hot.as), hot.path, hot.query));
    const reads = statements.filter((statement) => /^\s*SELECT/i.test(statement.sql));
    const problems: string[] = [];
    let filledReads = 0;
    for (const read of reads) {
      const nodes = await planOf(api.dataSource, read);
      const statement = read.sql.replace(/\s+/g, ' ').slice(0, 600);
      const scans = nodes.filter((node) => TABLE_SCANS.includes(node['Node Type']) && SCALE_TABLES.includes(node['Relation Name'] as never));
      // EXPLAIN_GUARD_PLANS=1 prints each plan's scans and the rows each read, to see which index serves what.
      if (process.env.EXPLAIN_GUARD_PLANS) {
        const described = nodes.map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}${TABLE_SCANS.includes(node['Node Type']) ? ` (${rowsRead(node)} rows)` : ''}`);
        console.log(`${hot.name}: ${described.join(' > ')}\n  ${statement.slice(0, 300)}`);
      }
      if (scans.length) filledReads++;
      // A branch PostgreSQL never ran reads nothing (a tag's index route after a walk that filled the
      // page: for a tag on a fifth of the patients a Seq Scan is its cheapest plan, had it run).
      for (const node of scans.filter((each) => each['Node Type'] === 'Seq Scan' && each['Actual Loops'] !== 0)) problems.push(`${hot.name}: Seq Scan on ${node['Relation Name']} in ${statement}`);
      const byTable = new Map<string, number>();
      for (const node of scans) byTable.set(node['Relation Name']!, (byTable.get(node['Relation Name']!) ?? 0) + rowsRead(node));
      for (const [table, rows] of byTable) {
        if (rows > (hot.bound ?? ROWS_READ_BOUND)) problems.push(`${hot.name}: read ${rows} rows of ${table} (bound ${hot.bound ?? ROWS_READ_BOUND}) through ${scans.map((node) => node['Index Name'] ?? node['Node Type']).join(', ')} in ${statement}`);
      }
    }
    // A call that read none of the filled tables would prove nothing.
    expect(filledReads).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('a tag\'s pages newest first are the ones its rows hold, whether the newest patients fill them or only the oldest carry the tag', async () => {
    const byTag = async (tag: string, lastId?: string) =>
      ((await call(staffToken, '/v1/list-endusers', { limit: '51', filter: JSON.stringify({ tags: { _all: [tag] } }), sort: 'newFirst', ...(lastId ? { lastId } : {}) })) as { id: string }[]).map((row) => row.id);
    const expected = async (tag: string, lastId = 'z') =>
      ((await api.dataSource.query(`SELECT _id FROM endusers WHERE tags @> jsonb_build_array($1::text) AND _id < $2 ORDER BY _id DESC LIMIT 51`, [tag, lastId])) as { _id: string }[]).map((row) => row._id);
    for (const tag of [COMMON_TAG, OLD_TAG]) {
      const first = await byTag(tag);
      expect(first).toHaveLength(51);
      expect(first).toEqual(await expected(tag));
      expect(await byTag(tag, first.at(-1))).toEqual(await expected(tag, first.at(-1)));
    }
  });

  test('the inbox\'s Mine fills its page for a staff member whose conversations are older than everyone else\'s', async () => {
    const page = (await call(fewToken, '/v1/inbox-conversations', { view: 'Mine', limit: '50' })) as { conversations: { assignees: { name: string }[] }[] };
    // FEW rooms, FEW texts threads and FEW email threads are theirs: a first page of 50 is full.
    expect(page.conversations).toHaveLength(50);
  });
});
